import { abortApi, expect, failApi, loginToken, openAdmin, test } from './fixtures';

const EN_US_LONG_WITH_SECONDS = /^[A-Z][a-z]+ \d{1,2}, \d{4}(,| at) \d{1,2}:\d{2}:\d{2}\s?(AM|PM)$/;

test('a public subscription appears in the list with an en-US long date', async ({ adminPage: page, request }) => {
  const email = `reader-${Date.now()}@example.com`;
  const response = await request.post('/api/newsletter/subscribe', { data: { email } });
  expect(response.ok()).toBe(true);

  await openAdmin(page, '/admin/subscribers');
  await expect(page.getByRole('heading', { name: 'Newsletter Subscribers' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Email Address' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Subscription Date & Time' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText(EN_US_LONG_WITH_SECONDS);
  await expect(row.getByRole('cell').nth(2)).toHaveText('Confirmed');
  // Without mail every address is confirmed at once, and each is counted.
  const confirmed = (await (await request.get('/api/newsletter/subscribers?status=confirmed&limit=1', { headers: { Authorization: `Bearer ${await loginToken(request)}` } })).json()).meta.total;
  await expect(page.getByText(`Total Subscribers: ${confirmed}`)).toBeVisible();
});

test('loading, empty and both error states', async ({ adminPage: page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/newsletter/subscribers?*', async (route) => {
    await held;
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data: [] }) });
  });
  await openAdmin(page, '/admin/subscribers');
  await expect(page.getByText('Loading subscribers...')).toBeVisible();
  await expect(page.getByText(/Total Subscribers/)).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { name: 'No subscribers yet' })).toBeVisible();
  await expect(page.getByText('Subscribers will appear here once they sign up.')).toBeVisible();
  await expect(page.getByText('Total Subscribers: 0')).toBeVisible();

  await page.unroute('**/api/newsletter/subscribers?*');
  await failApi(page, '**/api/newsletter/subscribers?*', 'GET', 500, 'Internal server error');
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('Failed to load subscribers');
  await expect(page.getByText(/Total Subscribers/)).toHaveCount(0);

  await page.unroute('**/api/newsletter/subscribers?*');
  await abortApi(page, '**/api/newsletter/subscribers?*', 'GET');
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('An error occurred while loading subscribers');
});
