import { expect, test } from '@playwright/test';
import type { Category } from '../../../src/shared/schemas';
import { adminToken, createCategory, createProduct, expectAfterWrite, send, serveTestMedia, unique, waitForHydration } from './support';

test.beforeEach(async ({ page }) => {
  await serveTestMedia(page);
});

// A page loaded before an address changed still links to the old one: a click
// inside the site (a client-side navigation) must end where a fresh visit would.
test('a link to a renamed category, followed inside the site, lands on its new address', async ({ page, request }) => {
  const category = await createCategory(request, { title: unique('Renamed Later') });
  await createProduct(request, { categories: [category.id] });
  const tile = page.locator('.category-tile', { hasText: category.title });
  await expectAfterWrite(page, '/', () => expect(tile).toHaveAttribute('href', `/category/${category.slug}`, { timeout: 1000 }));

  const newSlug = `${category.slug}-moved`;
  await send<Category>(request, 'put', `/api/categories/${category.id}`, { ...category, slug: newSlug });
  await tile.click();
  await expect(page).toHaveURL(new RegExp(`/category/${newSlug}$`));
  await expect(page.getByRole('heading', { level: 2, name: `Browse ${category.title}` })).toBeVisible();
});

test('a link to a deleted product, followed inside the site, shows the not-found page with its 404', async ({ page, request }) => {
  const category = await createCategory(request);
  const product = await createProduct(request, { categories: [category.id] });
  await page.goto(`/category/${category.slug}`);
  await waitForHydration(page);
  const card = page.getByRole('link', { name: product.title }).first();
  await expect(card).toBeVisible();

  const token = await adminToken(request);
  expect((await request.delete(`/api/products/${product.id}`, { headers: { Authorization: `Bearer ${token}` } })).ok()).toBe(true);
  const answer = page.waitForResponse((response) => response.url().endsWith(`/product/${product.slug}`));
  await card.click();
  expect((await answer).status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
});
