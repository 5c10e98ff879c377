import { expect, test } from '@playwright/test';
import { collectErrors, createCategory, createProduct, createTag, serveTestMedia, unique, waitForHydration } from './support';

// A category larger than one server-rendered page (24 products).
test.describe('a long category', () => {
  test.describe.configure({ timeout: 60_000 });
  let slug: string;
  let titles: string[];

  test.beforeAll(async ({ request }) => {
    const category = await createCategory(request);
    slug = category.slug;
    titles = [];
    for (let i = 0; i < 60; i += 1) {
      const product = await createProduct(request, { title: `Long ${String(i).padStart(2, '0')} ${unique('p')}`, categories: [category.id] });
      titles.push(product.title);
    }
  });

  test('scrolling appends the next pages until the last product', async ({ page }) => {
    await serveTestMedia(page);
    const errors = collectErrors(page);
    await page.goto(`/category/${slug}`);
    await waitForHydration(page);
    const cards = page.locator('.product-grid .product-card__title');
    await expect(cards).toHaveCount(24);
    await expect(async () => {
      await page.mouse.wheel(0, 4000);
      await expect(cards).toHaveCount(60, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(cards).toHaveText(titles);
    await cards.last().scrollIntoViewIfNeeded();
    await expect(cards.last()).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Next page' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('without JavaScript, the next and previous links walk the numbered pages', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await serveTestMedia(page);
    await page.goto(`/category/${slug}`);
    const cards = page.locator('.product-grid .product-card__title');
    await expect(cards).toHaveText(titles.slice(0, 24));
    await expect(page.locator('link[rel="next"]')).toHaveAttribute('href', new RegExp(`/category/${slug}\\?page=2$`));

    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(new RegExp(`/category/${slug}\\?page=2$`));
    await expect(cards).toHaveText(titles.slice(24, 48));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/category/${slug}\\?page=2$`));

    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(cards).toHaveText(titles.slice(48));
    await expect(page.getByRole('link', { name: 'Next page' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(new RegExp(`/category/${slug}\\?page=2$`));
    await expect(cards).toHaveText(titles.slice(24, 48));
    await context.close();
  });
});

test('a filtered view is a URL: chips update it, and it opens filtered for someone else, even without JavaScript', async ({ page, browser, request }) => {
  const warm = await createTag(request, unique('Warm'));
  const cool = await createTag(request, unique('Cool'));
  const category = await createCategory(request);
  const warmOnly = await createProduct(request, { categories: [category.id], tags: [warm.id] });
  const both = await createProduct(request, { categories: [category.id], tags: [warm.id, cool.id] });
  await createProduct(request, { categories: [category.id], tags: [cool.id] });
  await serveTestMedia(page);

  await page.goto(`/category/${category.slug}`);
  await waitForHydration(page);
  const titles = page.locator('.product-grid .product-card__title');
  await expect(titles).toHaveCount(3);
  await page.getByRole('button', { name: warm.title }).click();
  await expect(page).toHaveURL(new RegExp(`\\?tags=${warm.slug}$`));
  await expect(titles).toHaveText([warmOnly.title, both.title]);
  await page.getByRole('button', { name: cool.title }).click();
  await expect(titles).toHaveText([both.title]);
  const shared = page.url();
  expect(new URL(shared).searchParams.get('tags')!.split(',').sort()).toEqual([warm.slug, cool.slug].sort());

  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const other = await context.newPage();
    await serveTestMedia(other);
    await other.goto(shared);
    await expect(other.locator('.product-grid .product-card__title')).toHaveText([both.title]);
    await expect(other.getByRole('button', { name: warm.title })).toHaveAttribute('aria-pressed', 'true');
    await expect(other.getByRole('button', { name: cool.title })).toHaveAttribute('aria-pressed', 'true');
    if (!javaScriptEnabled) {
      // A chip is a link: without JavaScript it still toggles, and lands at the results.
      await other.getByRole('button', { name: cool.title }).click();
      await expect(other).toHaveURL(new RegExp(`\\?tags=${warm.slug}#results$`));
      await expect(other.locator('.product-grid .product-card__title')).toHaveText([warmOnly.title, both.title]);
    }
    await context.close();
  }
});
