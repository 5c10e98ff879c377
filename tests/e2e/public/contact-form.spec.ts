import { expect, test } from '@playwright/test';
import { serveTestMedia, unique, waitForHydration } from './support';

/** The demo's Contact page (src/server/seed/demo-pages.ts) and its thank-you line. */
const CONTACT = '/pages/contact';
const THANKS = 'Thank you for your message! We will get back to you within two working days.';
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

test.beforeEach(async ({ page }) => {
  await serveTestMedia(page);
});

test('a visitor on a phone sends the contact form in place; a refusal keeps what was typed', async ({ page }) => {
  await page.goto(CONTACT);
  await waitForHydration(page);
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('E-mail').fill(`${unique('ada')}@example.com`);
  await page.getByLabel('Message').fill('Do you offer a classroom licence?');
  await page.getByLabel('Topic').selectOption('Team or classroom licence');

  // First the server refuses (as it would a bad address): the message shows under the field, nothing is lost.
  await page.route('**/api/forms/**', (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'email: must be a valid e-mail address', field: 'email' }) }),
  );
  await page.getByRole('button', { name: 'Send message' }).tap();
  await expect(page.getByText('must be a valid e-mail address')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Message')).toHaveValue('Do you offer a classroom licence?');
  await page.unroute('**/api/forms/**');

  const sent = page.waitForResponse((response) => response.url().includes('/api/forms/') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Send message' }).tap();
  expect((await sent).status()).toBe(201);
  await expect(page.getByRole('status').filter({ hasText: THANKS })).toBeVisible();
  // In place: the same address, no page load.
  expect(new URL(page.url()).pathname).toBe(CONTACT);
  await expect(page.locator('form.contact-form')).toHaveCount(0);
});

test('without JavaScript the form posts to the page and the thank-you line shows on it', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await serveTestMedia(page);
  await page.goto(CONTACT);
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('E-mail').fill(`${unique('grace')}@example.com`);
  await page.getByLabel('Message').fill('Hello from a browser without scripts.');
  await Promise.all([page.waitForURL(/\/pages\/contact\?sent=/), page.getByRole('button', { name: 'Send message' }).click()]);
  await expect(page.getByText(THANKS)).toBeVisible();
  await context.close();
});
