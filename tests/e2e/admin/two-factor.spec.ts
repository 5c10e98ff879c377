import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startBuiltServer, type BuiltServer } from '../../helpers/built-server';
import { rfc6238 } from '../../helpers/totp';

/**
 * Turning two-factor sign-in on changes how every sign-in works, so this
 * spec runs its own built server (empty, on a free port) instead of the
 * shared admin server the other specs sign in to at the same time.
 */
const PASSWORD = 'two-factor-e2e-password';
let server: BuiltServer | undefined;
let baseUrl = '';
let dataDir = '';

test.beforeAll(async () => {
  // A primary and its workers start beside the shared test servers: slow on a busy machine.
  test.setTimeout(90_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-e2e-2fa-'));
  server = await startBuiltServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  // The key that sealed the TOTP secret lives beside the data directory.
  fs.rmSync(`${dataDir}.key`, { force: true });
});

test('turns two-factor sign-in on with a scanned QR code, then signs in with a code', async ({ page }) => {
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Turn On Two-Factor Sign-In' }).click();
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByLabel('Code from the app').fill(rfc6238(secret));
  await page.getByRole('button', { name: 'Confirm and Turn On' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await page.getByRole('button', { name: 'I Have Saved These Codes' }).click();
  await expect(page.getByText(/^On\. 10 of 10 recovery codes left/)).toBeVisible();

  // Sign out, then in again: the password alone is no longer enough.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /Logout|Log out|Sign out/ }).click();
  // The sign-out finishes (the app reloads to its login screen, or leaves for the site) before a fresh visit.
  await expect
    .poll(async () => (await page.getByRole('heading', { name: 'Welcome Back' }).isVisible()) || !new URL(page.url()).pathname.startsWith('/admin'))
    .toBe(true);
  await page.waitForLoadState('load');
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const code = page.getByLabel('Two-factor code');
  await expect(code).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await code.fill('000000' === rfc6238(secret) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid two-factor code');

  // Each 30-second step signs in once: the current one turned two-factor on, so the next step's code, within the drift allowed.
  await code.fill(rfc6238(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('link', { name: 'Security' })).toBeVisible();
  await expect(code).toHaveCount(0);
});
