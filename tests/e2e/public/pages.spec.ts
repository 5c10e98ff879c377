import { expect, test } from '@playwright/test';
import { byOrder } from '../../../src/shared/constants';
import type { AboutPage, Category, Product } from '../../../src/shared/schemas';
import { MEDIA_HOST, collectErrors, expectPageMatchesApi, createCategory, createProduct, createTag, getData, serveTestMedia, unique, waitForHydration } from './support';

test.beforeEach(async ({ page }) => {
  await serveTestMedia(page);
});

test('homepage: hero, category tiles by order, "Latest {title}" with at most 2 products and View all, newsletter', async ({ page, request }) => {
  const category = await createCategory(request, { hoverImage: `${MEDIA_HOST}/hover.png` });
  const made: Product[] = [];
  for (let i = 0; i < 3; i += 1) made.push(await createProduct(request, { categories: [category.id] }));
  const errors = collectErrors(page);
  await page.goto('/');
  await waitForHydration(page);

  await expect(page.locator('.hero')).toBeVisible();
  await expectPageMatchesApi<Category[]>(page, request, '/', '/api/categories', async (data) => {
    const titles = [...data].sort(byOrder).map((c) => c.title);
    expect(await page.locator('.category-grid .category-tile__title').allTextContents()).toEqual(titles);
  });

  const section = page.locator('section', { has: page.getByRole('heading', { name: `Latest ${category.title}`, exact: true }) });
  await expect(section.locator('.product-card')).toHaveCount(2);
  await expect(section.locator('.product-card__title')).toHaveText(made.slice(0, 2).map((p) => p.title));
  await expect(section.getByRole('link', { name: `View all ${category.title}` })).toHaveAttribute('href', `/category/${category.slug}`);
  await expect(section.getByRole('link', { name: `View all ${category.title}` })).toHaveText('View all');

  // A category without products gets no "Latest" section.
  const lonely = await createCategory(request);
  await page.reload();
  await expect(page.locator('.category-tile__title', { hasText: lonely.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Latest ${lonely.title}` })).toHaveCount(0);

  // Tiles: 3 columns on wide screens, the hover image shows on hover.
  await page.setViewportSize({ width: 1280, height: 900 });
  const columns = await page.locator('.category-grid').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  expect(columns).toBe(3);
  const tile = page.locator('.category-tile', { hasText: category.title });
  await tile.hover();
  await expect(tile.locator('.category-tile__hover')).toHaveCSS('opacity', '1');

  await expect(page.getByRole('heading', { name: 'Join our newsletter' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('category: "Browse {title}", tag chips filter with AND and toggle off, empty result shows the newsletter', async ({ page, request }) => {
  const red = await createTag(request, unique('Red'));
  const big = await createTag(request, unique('Big'));
  const category = await createCategory(request);
  const redOnly = await createProduct(request, { categories: [category.id], tags: [red.id] });
  const bigOnly = await createProduct(request, { categories: [category.id], tags: [big.id] });
  const both = await createProduct(request, { categories: [category.id], tags: [red.id, big.id] });
  const untagged = await createProduct(request, { categories: [category.id] });
  const errors = collectErrors(page);

  await page.goto(`/category/${category.slug}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: `Browse ${category.title}` })).toBeVisible();
  await expect(page.getByText('Filter by')).toBeVisible();
  const titles = page.locator('.product-grid .product-card__title');
  await expect(titles).toHaveText([redOnly.title, bigOnly.title, both.title, untagged.title]);

  const redChip = page.getByRole('button', { name: red.title });
  const bigChip = page.getByRole('button', { name: big.title });
  await redChip.click();
  await expect(redChip).toHaveAttribute('aria-pressed', 'true');
  await expect(titles).toHaveText([redOnly.title, both.title]);
  await bigChip.click();
  await expect(titles).toHaveText([both.title]);
  await redChip.click();
  await expect(redChip).toHaveAttribute('aria-pressed', 'false');
  await expect(titles).toHaveText([bigOnly.title, both.title]);
  await bigChip.click();
  await expect(titles).toHaveText([redOnly.title, bigOnly.title, both.title, untagged.title]);
  await expect(page.getByRole('heading', { name: 'Join our newsletter' })).toHaveCount(0);

  // No product carries both tags once "both" is gone from the filter: the newsletter block shows.
  const tagOnlyOne = await createTag(request, unique('Solo'));
  const other = await createCategory(request);
  await createProduct(request, { categories: [other.id], tags: [red.id] });
  await createProduct(request, { categories: [other.id], tags: [tagOnlyOne.id] });
  await page.goto(`/category/${other.slug}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: red.title }).click();
  await page.getByRole('button', { name: tagOnlyOne.title }).click();
  await expect(page.locator('.product-grid')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Join our newsletter' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('category: shows every product (no cap) in its items per row', async ({ page, request }) => {
  const category = await createCategory(request, { itemsPerRow: 3 });
  for (let i = 0; i < 8; i += 1) await createProduct(request, { categories: [category.id] });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/category/${category.slug}`);
  await expect(page.locator('.product-grid .product-card')).toHaveCount(8);
  const columns = await page.locator('.product-grid').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  expect(columns).toBe(3);
});

test('category without products: its empty-state image, or the bundled default', async ({ page, request }) => {
  const withImage = await createCategory(request, { emptyImage: `${MEDIA_HOST}/empty.png` });
  await page.goto(`/category/${withImage.slug}`);
  await expect(page.locator('.empty-state img')).toHaveAttribute('src', `${MEDIA_HOST}/empty.png`);
  await expect(page.getByRole('heading', { name: 'Join our newsletter' })).toBeVisible();

  const withoutImage = await createCategory(request);
  await page.goto(`/category/${withoutImage.slug}`);
  const src = await page.locator('.empty-state img').getAttribute('src');
  expect(src).toBeTruthy();
  expect(src).not.toContain(MEDIA_HOST);
  // The bundled image really loads.
  await expect.poll(() => page.locator('.empty-state img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test('product: Buy Now, title, duration, chips, description, embedded intro video, gallery by order', async ({ page, request }) => {
  const tag = await createTag(request, unique('Tag'));
  const category = await createCategory(request);
  const product = await createProduct(request, {
    categories: [category.id],
    tags: [tag.id],
    description:
      '<p>Intro text</p><ol><li data-list="bullet">First point</li><li data-list="bullet">Second point</li></ol><p class="ql-align-center"><span class="ql-size-large">Big</span></p>' +
      '<ol><li data-list="ordered">One</li><li data-list="ordered" class="ql-indent-1">One a</li><li data-list="ordered">Two</li></ol>',
    introVideo: 'https://youtu.be/dQw4w9WgXcQ',
    gallery: [
      { url: `${MEDIA_HOST}/g2.png`, order: 2 },
      { url: `${MEDIA_HOST}/g0.png`, order: 0 },
      { url: `${MEDIA_HOST}/g1.png`, order: 1 },
    ],
  });
  const errors = collectErrors(page);
  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);

  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expect(page.getByText(product.duration, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', product.buyLink);
  await expect(page.getByRole('list', { name: 'Categories' }).getByRole('link', { name: category.title })).toHaveAttribute('href', `/category/${category.slug}`);
  await expect(page.getByRole('list', { name: 'Tags' })).toContainText(tag.title);

  const description = page.locator('.product-page__description');
  await expect(description.getByText('Intro text')).toBeVisible();
  await expect(description.locator('li').first()).toHaveCSS('list-style-type', 'disc');
  await expect(description.locator('.ql-align-center')).toHaveCSS('text-align', 'center');
  const fontSize = async (selector: string) => parseFloat(await page.locator(selector).first().evaluate((el) => getComputedStyle(el).fontSize));
  expect(await fontSize('.product-page__description .ql-size-large')).toBeCloseTo((await fontSize('.product-page__description')) * 1.5, 1);
  // Quill nests by class inside one <ol>: the nested item moves with its marker and counts on its own level.
  const ordered = description.locator('li[data-list="ordered"]');
  await expect(ordered.first()).toHaveCSS('list-style-type', 'decimal');
  await expect(ordered.nth(1)).toHaveCSS('list-style-type', 'lower-alpha');
  const [outer, nested] = await Promise.all([ordered.first().boundingBox(), ordered.nth(1).boundingBox()]);
  expect(nested!.x).toBeGreaterThan(outer!.x);
  expect(await ordered.nth(1).evaluate((li) => getComputedStyle(li, '::marker').content)).toContain('counter(ql-1');
  // Quill may mix bullets into the same <ol>: they must not move the numbers of the ordered items.
  await expect(description.locator('li[data-list="bullet"]').first()).toHaveCSS('counter-increment', 'list-item 0');

  // The player is created on click (tests/e2e/public/product-page.spec.ts has the details).
  await page.getByRole('link', { name: `Play ${product.title} intro video` }).click();
  await expect(page.locator('iframe.intro-video__frame')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
  const tiles = page.locator('.gallery img');
  await expect(tiles).toHaveCount(3);
  expect(await tiles.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).getAttribute('src')))).toEqual([
    `${MEDIA_HOST}/g0.png`,
    `${MEDIA_HOST}/g1.png`,
    `${MEDIA_HOST}/g2.png`,
  ]);
  const box = await page.locator('.gallery__tile').first().boundingBox();
  expect(box!.width / box!.height).toBeCloseTo(16 / 9, 1);
  await expect(page.locator('.product-page')).not.toHaveClass(/theme-dark/);
  expect(errors).toEqual([]);
});

test('product: a file intro video toggles play and pause on click; dark mode', async ({ page, request }) => {
  const product = await createProduct(request, { introVideo: `${MEDIA_HOST}/clip.mp4`, darkMode: true });
  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);
  const video = page.locator('video.intro-video__file');
  await expect(video).toHaveAttribute('src', `${MEDIA_HOST}/clip.mp4`);
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await video.click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  await video.click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

  const page_ = page.locator('.product-page');
  await expect(page_).toHaveClass(/theme-dark/);
  await expect(page_).toHaveCSS('background-color', 'rgb(11, 17, 32)');
});

test('about: hero and the rich-text content when present', async ({ page, request }) => {
  const about = await getData<AboutPage>(request, '/api/about');
  await page.goto('/about');
  await expect(page.locator('.hero')).toBeVisible();
  if (about.heroConfig.title) await expect(page.locator('.hero__title')).toHaveText(about.heroConfig.title);
  if (about.content) await expect(page.locator('.rich-text')).toBeVisible();
  else await expect(page.locator('.rich-text')).toHaveCount(0);
});
