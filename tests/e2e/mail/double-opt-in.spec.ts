import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, startBuiltServer, type BuiltServer } from '../../helpers/built-server';
import { startSmtpServer, type SmtpTestServer } from '../../helpers/smtp-test-server';
import { CHECK_INBOX_MESSAGE } from '../../../src/shared/schemas/newsletter';

/**
 * The whole newsletter life in the browser against the built server with
 * mail on: sign up on the homepage, open the link from the real mail, then
 * leave through the unsubscribe page. This spec starts its own server (the
 * shared e2e servers run without mail) on a port the system picks.
 */
const PASSWORD = 'mail-e2e-password';

let smtp: SmtpTestServer;
let server: BuiltServer | undefined;
let baseUrl: string;
let dataDir: string;

test.beforeAll(async () => {
  // A primary and its workers start beside the shared test servers: slow on a busy machine.
  test.setTimeout(90_000);
  smtp = await startSmtpServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-mail-e2e-'));
  // The mail's links are made from the public address, known before the start.
  const port = await freePort();
  server = await startBuiltServer(
    {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Showcase <news@example.test>',
    },
    { port },
  );
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a visitor subscribes, confirms from the mail, then unsubscribes with one button', async ({ page }) => {
  const email = `browser-${Date.now()}@example.com`;
  await page.goto(`${baseUrl}/`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('status').filter({ hasText: CHECK_INBOX_MESSAGE })).toBeVisible();

  const mail = await smtp.waitForMail(email, { timeoutMs: 10_000 });
  const confirmLink = new RegExp(`${baseUrl.replace(/\./g, '\\.')}/\\S*confirm\\S*`).exec(mail.text ?? '')?.[0];
  expect(confirmLink).toBeTruthy();
  await page.goto(confirmLink!);
  await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible();

  const login = await page.request.post(`${baseUrl}/api/auth/login`, { data: { password: PASSWORD } });
  const token = (await login.json()).data.token as string;
  const statusOf = async () => {
    const response = await page.request.get(`${baseUrl}/api/newsletter/subscribers?q=${encodeURIComponent(email)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return ((await response.json()).data as { status: string }[])[0]?.status;
  };
  expect(await statusOf()).toBe('confirmed');

  const header = mail.headerLines.find((line) => line.key === 'list-unsubscribe')?.line ?? '';
  const unsubscribeUrl = /<([^>]+)>/.exec(header)?.[1];
  expect(unsubscribeUrl).toBeTruthy();
  await page.goto(unsubscribeUrl!);
  await expect(page.getByRole('button')).toHaveCount(1);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You have been unsubscribed' })).toBeVisible();
  expect(await statusOf()).toBe('unsubscribed');
});

test('the owner pages, searches and deletes among 50,000 subscribers', async ({ page }) => {
  const COUNT = 50_000;
  // Written straight into this server's own SQLite file (WAL: the running server reads them at once).
  const { default: Database } = await import('better-sqlite3');
  const file = new Database(path.join(dataDir, 'showcase.db'));
  const insert = file.prepare(
    "insert into subscribers (id, email, created_at, status, confirmed_at) values (?, ?, ?, ?, ?)",
  );
  const statuses = ['confirmed', 'pending', 'unsubscribed'];
  const start = Date.UTC(2026, 0, 1);
  file.transaction(() => {
    for (let i = 0; i < COUNT; i++) {
      const at = new Date(start - i * 1000).toISOString();
      const status = statuses[i % 3]!;
      insert.run(`bulk-${i}`, `owner-list-${i}@example.com`, at, status, status === 'pending' ? null : at);
    }
  })();
  file.close();

  const login = await page.request.post(`${baseUrl}/api/auth/login`, { data: { password: PASSWORD } });
  const token = (await login.json()).data.token as string;
  await page.addInitScript((value) => {
    window.localStorage.setItem('admin-token', value);
    window.localStorage.setItem('admin-auth', 'true');
  }, token);
  const confirmedTotal = (
    await (await page.request.get(`${baseUrl}/api/newsletter/subscribers?status=confirmed&limit=1`, { headers: { Authorization: `Bearer ${token}` } })).json()
  ).meta.total as number;

  // Warm the browser cache with the admin bundle, then time a fresh open of the screen.
  await page.goto(`${baseUrl}/admin/homepage`);
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  const started = Date.now();
  await page.getByRole('link', { name: /subscribers/i }).first().click();
  const firstRow = page.getByRole('row').filter({ hasText: 'owner-list-0@example.com' });
  await expect(firstRow).toBeVisible();
  console.info(`admin list at ${COUNT} subscribers: first rows ${Date.now() - started} ms after clicking Subscribers in the sidebar`);
  await expect(page.getByText(`Total Subscribers: ${confirmedTotal}`)).toBeVisible();
  await expect(firstRow.getByRole('cell').nth(2)).toHaveText('Confirmed');
  expect(await page.locator('tbody tr').count()).toBeLessThanOrEqual(200);

  // Scrolling far down loads further pages, and the DOM stays small.
  const scroller = page.getByTestId('subscriber-scroller');
  for (let i = 0; i < 6; i++) {
    await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await page.waitForTimeout(250);
  }
  const deepestRow = () =>
    page.locator('tbody tr[aria-rowindex]').evaluateAll((rows) => Math.max(...rows.map((row) => Number(row.getAttribute('aria-rowindex')))));
  await expect.poll(deepestRow).toBeGreaterThan(400);
  // The deepest drawn row (in the overscan below the view, so not necessarily on screen) holds a real subscriber.
  const deepest = await deepestRow();
  await expect(page.locator(`tbody tr[aria-rowindex="${deepest}"]`)).toContainText(/owner-list-\d+@example\.com/);
  expect(await page.locator('tbody tr').count()).toBeLessThanOrEqual(200);

  // Search and status filter.
  await page.getByLabel('Search by e-mail').fill('owner-list-4999');
  await expect(page.getByText('11 addresses match')).toBeVisible();
  await page.getByLabel('Status').selectOption('pending');
  await expect(page.getByText(/^\d+ addresses? match$/)).toBeVisible();
  for (const cell of await page.locator('tbody tr td:nth-child(3)').allTextContents()) expect(cell).toBe('Pending');

  // Delete one, with a confirmation.
  await page.getByLabel('Status').selectOption('');
  await page.getByLabel('Search by e-mail').fill('owner-list-49999@');
  const target = page.getByRole('row').filter({ hasText: 'owner-list-49999@example.com' });
  await expect(target).toBeVisible();
  await target.getByRole('button', { name: 'Delete owner-list-49999@example.com' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Subscriber' });
  await expect(dialog).toContainText('Are you sure you want to delete this subscriber?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(target).toHaveCount(0);
  await expect(page.getByText('No subscribers match this search.')).toBeVisible();

  // Delete a selection.
  await page.getByLabel('Search by e-mail').fill('owner-list-4999');
  await expect(page.getByText('10 addresses match')).toBeVisible();
  await page.getByLabel('Select owner-list-49990@example.com').check();
  await page.getByLabel('Select owner-list-49991@example.com').check();
  await page.getByRole('button', { name: 'Delete selected (2)' }).click();
  await expect(dialog).toContainText('Are you sure you want to delete these 2 subscribers?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('8 addresses match')).toBeVisible();
});
