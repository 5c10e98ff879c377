import type { Browser, Page } from '@playwright/test';
import type { Product } from '../../../src/shared/schemas';
import { expect, openAdmin, productInput, test, unique, type adminApi } from './fixtures';

/**
 * Issue 27 (decision 060): a visitor's page view and Buy Now click are counted
 * by the site itself, with or without JavaScript, a click once however many
 * ways it is reported; the dashboard draws them.
 */
const VISITOR_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SHOP = 'https://shop.example.test';
/** Each copy of the site writes its batch every second (analytics-recorder.ts). */
const BATCH_WRITE_MS = 1000;

type Api = ReturnType<typeof adminApi>;

async function figuresOf(api: Api, productId: string) {
  const { today } = await api.get<{ today: string }>('/api/analytics/site-day');
  const rows = await api.get<{ views: number; buyClicks: number }[]>(`/api/analytics/products?from=${today}&to=${today}&ids=${productId}`);
  return rows[0] ?? { views: 0, buyClicks: 0 };
}

/** A visitor's browser (a person's user agent: the test browser's own says "HeadlessChrome", a bot). */
async function visitor(browser: Browser, javaScriptEnabled: boolean, baseURL: string | undefined) {
  const context = await browser.newContext({ userAgent: VISITOR_UA, javaScriptEnabled, baseURL });
  const page = await context.newPage();
  await page.route(`${SHOP}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Shop</title><h1>Shop</h1>' }));
  return { context, page };
}

/**
 * Clicks Buy Now and waits for the shop and for every report of the click to
 * be sent (a ping leaves as the page goes: the browser does not wait for its answer).
 */
async function buyNow(page: Page, reports: number) {
  const sent: string[] = [];
  page.context().on('request', (request) => {
    if (request.url().includes('/api/analytics/buy/')) sent.push(request.method());
  });
  await page.getByRole('link', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(new RegExp(`^${SHOP}/`));
  await expect.poll(() => sent.length).toBe(reports);
  return sent;
}

async function createProduct(api: Api, name: string) {
  const title = unique(name);
  return api.createProduct({ ...productInput(title), buyLink: `${SHOP}/${encodeURIComponent(title)}` });
}

for (const javaScript of [true, false]) {
  test(`a visit and a Buy Now click are counted once ${javaScript ? 'with JavaScript (ping and beacon)' : 'without JavaScript (ping)'}`, async ({ browser, api, baseURL }) => {
    const product: Product = await createProduct(api, javaScript ? 'Counted Lamp' : 'Plain Lamp');
    const { context, page } = await visitor(browser, javaScript, baseURL);
    try {
      await page.goto(`/product/${product.slug}`);
      // With JavaScript, the click comes once the page has started (its beacon is the page's script).
      if (javaScript) await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      const link = page.getByRole('link', { name: 'Buy Now' });
      // The spec's link to the shop stays as it is; the ping is beside it.
      await expect(link).toHaveAttribute('href', product.buyLink);
      await expect(link).toHaveAttribute('ping', `/api/analytics/buy/${product.slug}`);
      const reports = await buyNow(page, javaScript ? 2 : 1);
      expect(reports.every((method) => method === 'POST')).toBe(true);
      expect(await context.cookies()).toEqual([]);
      await expect.poll(() => figuresOf(api, product.id)).toEqual(expect.objectContaining({ views: 1, buyClicks: 1 }));
      // Every report was sent before this: a second count would be written within the next batches.
      await page.waitForTimeout(3 * BATCH_WRITE_MS);
      expect(await figuresOf(api, product.id)).toEqual(expect.objectContaining({ views: 1, buyClicks: 1 }));
    } finally {
      await context.close();
      await api.remove(`/api/products/${product.id}`);
    }
  });
}

test('the admin opens on the dashboard: figures, a chart and the top products; the product list shows 30 days', async ({ adminPage: page, browser, api, baseURL }) => {
  const product = await createProduct(api, 'Dashboard Lamp');
  const { context, page: visit } = await visitor(browser, true, baseURL);
  try {
    await visit.goto(`/product/${product.slug}`);
    await expect.poll(() => figuresOf(api, product.id)).toEqual(expect.objectContaining({ views: 1 }));

    await openAdmin(page, '/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('Page views', { exact: true })).toBeVisible();
    const chart = page.getByRole('img', { name: /^Visits per day from / });
    await expect(chart).toHaveAttribute('data-drawn', 'true');
    const top = page.getByRole('region', { name: 'Top products by views' });
    await expect(top.getByRole('cell', { name: product.title })).toBeVisible();
    await page.getByLabel('Period').selectOption('custom');
    await expect(page.getByLabel('From', { exact: true })).toBeVisible();

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products', exact: true }).click();
    await page.getByLabel('Search products').fill(product.title);
    const row = page.getByRole('row').filter({ hasText: product.title });
    await expect(row).toContainText('1 view · 0 clicks · 0.0% CTR');
  } finally {
    await context.close();
    await api.remove(`/api/products/${product.id}`);
  }
});
