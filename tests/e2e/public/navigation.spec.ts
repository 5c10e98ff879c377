import { expect, test, type Page } from '@playwright/test';
import type { Category, Product } from '../../../src/shared/schemas';
import { collectErrors, createCategory, createProduct, createTag, expectAfterWrite, send, serveTestMedia, waitForHydration } from './support';

/**
 * The public site's own router in the browser (src/web/router, decision 046): what React Router's
 * browser router did for these pages, the site's router must do too. A page navigated to inside
 * the app keeps the document (a mark set on `window` survives); a whole page load loses it.
 */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
const historyLength = (page: Page) => page.evaluate(() => window.history.length);
const scrollTop = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const categoryHeading = (page: Page, category: Category) => page.getByRole('heading', { level: 2, name: `Browse ${category.title}` });

let category: Category;
let product: Product;
let tagged: Product;
let tagTitle: string;

test.beforeAll(async ({ request }) => {
  category = await createCategory(request);
  const tag = await createTag(request, `Navigation ${category.slug}`);
  tagTitle = tag.title;
  product = await createProduct(request, { categories: [category.id] });
  tagged = await createProduct(request, { categories: [category.id], tags: [tag.id] });
});

test.beforeEach(async ({ page }) => {
  await serveTestMedia(page);
});

test('push: a link adds a history entry and shows the next page without loading a document', async ({ page }) => {
  const errors = collectErrors(page);
  await expectAfterWrite(page, `/category/${category.slug}`, () => expect(page.getByRole('link', { name: product.title }).first()).toBeVisible({ timeout: 1000 }));
  await markDocument(page);
  const entries = await historyLength(page);

  await page.getByRole('link', { name: product.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  expect(await historyLength(page)).toBe(entries + 1);
  expect(await sameDocument(page)).toBe(true);
  await expect(page).toHaveTitle(new RegExp(product.title));
  expect(errors).toEqual([]);
});

test('back and forward: each entry shows its own page again, inside the same document', async ({ page }) => {
  await expectAfterWrite(page, `/category/${category.slug}`, () => expect(page.getByRole('link', { name: product.title }).first()).toBeVisible({ timeout: 1000 }));
  await markDocument(page);
  await page.getByRole('link', { name: product.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/category/${category.slug}$`));
  await expect(categoryHeading(page, category)).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});

test('replace: a tag chip changes the address in place; back leaves the category', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await expectAfterWrite(page, `/category/${category.slug}`, () => expect(page.getByRole('link', { name: tagged.title }).first()).toBeVisible({ timeout: 1000 }));
  const entries = await historyLength(page);
  await markDocument(page);

  await page.getByRole('button', { name: tagTitle }).or(page.getByRole('link', { name: tagTitle })).first().click();
  await expect(page).toHaveURL(/[?&]tags=/);
  await expect(page.locator('.product-grid .product-card__title')).toHaveText([tagged.title]);
  expect(await historyLength(page)).toBe(entries);
  expect(await sameDocument(page)).toBe(true);

  // The filtered address took the unfiltered one's place: back goes to the page before the category.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('redirects: a loader redirect is followed inside the app; a whole-page one loads the document at its new address', async ({ page, request }) => {
  await expectAfterWrite(page, `/category/${category.slug}`, () => expect(categoryHeading(page, category)).toBeVisible({ timeout: 1000 }));
  await markDocument(page);
  // An entry for a page past the category's last: its loader redirects to the last page (loaders.ts).
  await page.evaluate((slug) => {
    window.history.pushState({}, '', `/category/${slug}?page=9`);
    window.history.pushState({}, '', `/category/${slug}`);
  }, category.slug);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/category/${category.slug}$`));
  await expect(categoryHeading(page, category)).toBeVisible();
  expect(await sameDocument(page)).toBe(true);

  // A product renamed after the page was loaded: its old link is answered by the server (a 301).
  const renamed = await createProduct(request, { categories: [category.id] });
  await expectAfterWrite(page, `/category/${category.slug}`, () => expect(page.getByRole('link', { name: renamed.title }).first()).toBeVisible({ timeout: 1000 }));
  await markDocument(page);
  await send<Product>(request, 'put', `/api/products/${renamed.id}`, { ...renamed, slug: `${renamed.slug}-renamed` });
  await page.getByRole('link', { name: renamed.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/product/${renamed.slug}-renamed$`));
  await expect(page.getByRole('heading', { level: 1, name: renamed.title })).toBeVisible();
  expect(await sameDocument(page)).toBe(false);
});

test('scroll: a reload keeps the browser\'s own restored position; the page does not jump to the top when it hydrates', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await expectAfterWrite(page, `/category/${category.slug}`, () => expect(page.getByRole('link', { name: product.title }).first()).toBeVisible({ timeout: 1000 }));
  // Settled (hydrated, every resource of the load in) before the position is read.
  await waitForHydration(page);
  await page.waitForLoadState('load');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => scrollTop(page)).toBeGreaterThan(0);
  const scrolled = await scrollTop(page);

  await page.reload();
  await waitForHydration(page);
  // At least where the visitor was: never the top, never short of it (a card that grew once its picture loaded
  // left the page short). Further down was seen once, at load average 20 (428 px; the cause was not found): it is not
  // the defect this test guards, and a pixel-exact check made the test fail on a loaded machine.
  await expect.poll(() => scrollTop(page)).toBeGreaterThanOrEqual(scrolled);
});
