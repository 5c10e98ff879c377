import { expect, test } from '@playwright/test';
import { serveTestMedia, unique, waitForHydration } from './support';

const SUCCESS = 'Successfully subscribed! Thank you for joining our newsletter.';

test.beforeEach(async ({ page }) => {
  await serveTestMedia(page);
  await page.goto('/');
  await waitForHydration(page);
});

test('subscribing: submitting, the success message for 5 s, the field cleared', async ({ page }) => {
  const email = page.getByLabel('Email address');
  await email.fill(`${unique('reader')}@example.com`);
  // Hold the answer a moment to see the submitting state.
  await page.route('**/api/newsletter/subscribe', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
  const status = page.getByRole('status').filter({ hasText: SUCCESS });
  await expect(status).toBeVisible();
  const shownAt = Date.now();
  await expect(email).toHaveValue('');
  await expect(status).toHaveCount(0, { timeout: 8000 });
  const shownFor = Date.now() - shownAt;
  expect(shownFor).toBeGreaterThan(4000);
  expect(shownFor).toBeLessThan(7000);
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
});

test("a failed subscription shows the server's error, kept for 5 s, and keeps the address", async ({ page }) => {
  await page.route('**/api/newsletter/subscribe', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'Too many requests, slow down' }) }),
  );
  const email = page.getByLabel('Email address');
  await email.fill('someone@example.com');
  await email.press('Enter');
  const status = page.getByRole('status').filter({ hasText: 'Too many requests, slow down' });
  await expect(status).toBeVisible();
  await expect(email).toHaveValue('someone@example.com');
  await expect(status).toHaveCount(0, { timeout: 8000 });
});

test('an error without a message reads "Failed to subscribe"', async ({ page }) => {
  await page.route('**/api/newsletter/subscribe', (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
  await page.getByLabel('Email address').fill('someone@example.com');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Failed to subscribe' })).toBeVisible();
});

test('a request that never gets an answer reads "An error occurred. Please try again."', async ({ page }) => {
  await page.route('**/api/newsletter/subscribe', (route) => route.abort('connectionreset'));
  await page.getByLabel('Email address').fill('someone@example.com');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'An error occurred. Please try again.' })).toBeVisible();
});

test('the browser checks the address before sending', async ({ page }) => {
  let sent = false;
  await page.route('**/api/newsletter/subscribe', (route) => {
    sent = true;
    return route.continue();
  });
  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  expect(await page.getByLabel('Email address').evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
  expect(sent).toBe(false);
});
