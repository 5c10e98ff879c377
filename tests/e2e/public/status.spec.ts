import { expect, test } from '@playwright/test';
import { collectErrors, createCategory, createProduct, serveTestMedia, waitForHydration } from './support';

test.beforeEach(async ({ page }) => {
  await serveTestMedia(page);
});

const screens = [
  ['/category/no-such-category', 'Category Not Found', "The category you're looking for doesn't exist."],
  ['/product/no-such-product', 'Product Not Found', "The product you're looking for doesn't exist."],
  ['/no/such/page', 'Page Not Found', "The page you're looking for doesn't exist."],
] as const;

for (const [path, title, message] of screens) {
  test(`${path} answers 404 with "${title}" and a Go Home link`, async ({ page }) => {
    const errors = collectErrors(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('section.hero')).toBeVisible();
    // The 404 document itself is an expected console error; nothing else is.
    expect(errors.filter((text) => !text.includes('404'))).toEqual([]);
  });
}

// An address the browser does not know may be an old slug or a manual redirect: the
// router asks the server for the whole page, which answers its not-found page (404).
test('client navigation to an unknown slug asks the server and shows the not-found screen with its 404', async ({ page }) => {
  await page.goto('/about');
  await waitForHydration(page);
  const answer = page.waitForResponse((response) => response.url().endsWith('/category/gone-category'));
  // Push a new location through the router the way a Link would.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/category/gone-category');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  expect((await answer).status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Category Not Found' })).toBeVisible();
});

test('a page that fails to render shows "Unexpected Application Error!" without a stack trace', async ({ page, request }) => {
  const category = await createCategory(request);
  const product = await createProduct(request, { categories: [category.id] });
  await page.goto(`/category/${category.slug}`);
  await waitForHydration(page);
  // The client loader gets a malformed answer: the product page throws while rendering.
  await page.route(`**/api/products/slug/${product.slug}`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data: { ...product, heroConfig: null, gallery: 'oops' } }) }),
  );
  await page.locator('.product-card', { hasText: product.title }).click();
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/TypeError|Cannot read|at \w+ \(|\.js:\d+/);
  // The layout stays around the error screen.
  await expect(page.locator('.site-header')).toBeVisible();
});
