import type { Category, HeroConfig, Product, Theme } from '../../../src/shared/schemas';
import { categoryInput, expect, failApi, openAdmin, pngFile, productInput, test, unique, expectSavedInEditor, uploadPicture } from './fixtures';

/** Rules of spec §4 and §5 that hold on every form: slug, Saving.../Saved, hex commits, refused saves. */

test('the title rewrites the slug, even after the slug was edited by hand', async ({ adminPage: page }) => {
  await openAdmin(page, '/admin/categories/new');
  const content = page.getByRole('region', { name: 'Content' });
  await content.getByLabel('Title', { exact: true }).fill('  Hello, World_of  Design!  ');
  await expect(content.getByLabel('Slug')).toHaveValue('hello-world-of-design');
  await content.getByLabel('Slug').fill('my-own-slug');
  await content.getByLabel('Title', { exact: true }).press('End');
  await page.keyboard.type(' 2');
  await expect(content.getByLabel('Slug')).toHaveValue('hello-world-of-design-2');

  // Leaving the filled form: accept the browser's unsaved-changes prompt.
  page.once('dialog', (dialog) => void dialog.accept());
  await openAdmin(page, '/admin/products/new');
  const info = page.getByRole('region', { name: 'Information' });
  await info.getByLabel('Title', { exact: true }).fill('Clay Basics');
  await info.getByLabel('Slug').fill('hand-made');
  await info.getByLabel('Title', { exact: true }).fill('Clay Basics Two');
  await expect(info.getByLabel('Slug')).toHaveValue('clay-basics-two');
});

test('hero save: "Saving..." disables both buttons, then "Saved" lasts 3 s', async ({ adminPage: page }) => {
  await page.clock.install();
  await openAdmin(page, '/admin/homepage');
  // From here the page's timers move only when the test says so.
  await page.clock.pauseAt(Date.now() + 60_000);
  // Answer the save from the test: only the button states matter, the public hero stays as it is.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/homepage', async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    await held;
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data: route.request().postDataJSON() as HeroConfig }) });
  });
  await page.getByRole('button', { name: 'Save' }).first().click();
  const saving = page.getByRole('button', { name: 'Saving...' });
  await expect(saving).toHaveCount(2);
  for (const button of await saving.all()) await expect(button).toBeDisabled();
  release();
  await expect(page.getByRole('button', { name: 'Saved' })).toHaveCount(2);
  await page.clock.runFor(2_900);
  await expect(page.getByRole('button', { name: 'Saved' })).toHaveCount(2);
  await page.clock.runFor(200);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(2);
  await expect(page.getByText('Changes saved successfully')).toHaveCount(0);
});

test('the hex field commits only # and six hex digits; until then the preview and the saved colour keep the last good one', async ({ adminPage: page, api }) => {
  const original = await api.get<Theme>('/api/theme');
  await openAdmin(page, '/admin/theme');
  const colors = page.getByRole('region', { name: 'Color Settings' });
  const hex = colors.getByLabel('Primary Color hex value');
  const solid = colors.getByText('Solid Button');
  const before = await solid.evaluate((node) => getComputedStyle(node).backgroundColor);
  await hex.fill('#abc');
  await expect(colors.getByRole('alert')).toHaveText('Please enter a valid hex color (e.g., #FF5733)');
  await expect(colors.getByLabel('Primary Color', { exact: true })).toHaveValue(original.primaryColor.toLowerCase());
  await expect(solid).toHaveCSS('background-color', before);
  await hex.fill('#0a1b2c3d');
  await expect(hex).toHaveValue('#0a1b2c');
  await expect(colors.getByRole('alert')).toHaveCount(0);
  await expect(solid).toHaveCSS('background-color', 'rgb(10, 27, 44)');
  await hex.fill('0a1b2c');
  await expect(colors.getByRole('alert')).toBeVisible();

  let sent: Theme | undefined;
  await page.route('**/api/theme', async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    sent = route.request().postDataJSON() as Theme;
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data: sent }) });
  });
  // Not a colour yet: Save refuses rather than store the last good one and say "saved" (issue 12).
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.locator('.adm-page-header').getByRole('alert')).toHaveText('1 field needs attention before saving');
  expect(sent).toBeUndefined();
  await hex.fill('#0a1b2c');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByRole('button', { name: 'Saved' }).first()).toBeVisible();
  expect(sent?.primaryColor).toBe('#0a1b2c');
});

test('category save: "Saving..." while busy; a refused save focuses the first invalid field', async ({ adminPage: page }) => {
  await openAdmin(page, '/admin/categories/new');
  const content = page.getByRole('region', { name: 'Content' });
  await content.getByLabel('Title', { exact: true }).fill(unique('Busy Category'));
  await page.getByRole('button', { name: 'Save' }).last().click();
  await expect(content.getByLabel('Description')).toBeFocused();

  await content.getByLabel('Description').fill('Held save');
  await uploadPicture(content, 'Tile Image');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/categories', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await held;
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'Simulated failure' }) });
  });
  await page.getByRole('button', { name: 'Save' }).first().click();
  const saving = page.getByRole('button', { name: 'Saving...' });
  await expect(saving).toHaveCount(2);
  for (const button of await saving.all()) await expect(button).toBeDisabled();
  release();
  await expect(page.locator('.adm-page-header').getByRole('alert')).toHaveText('Failed to save category: Simulated failure');
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(2);
});

test('product edit: Preview opens the product page; an invalid field in the collapsed Hero opens it and takes focus', async ({ adminPage: page, api }) => {
  const product = await api.createProduct(productInput(unique('Preview Prod')));
  try {
    await openAdmin(page, `/admin/products/${product.id}`);
    await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = await popup;
    await expect(preview.getByRole('heading', { name: product.title, level: 1 })).toBeVisible();
    await preview.close();

    const hero = page.getByRole('region', { name: 'Hero' });
    const toggle = hero.getByRole('button', { name: 'Hero', exact: true });
    await toggle.click();
    await hero.getByRole('group', { name: 'Primary Button' }).getByLabel('Link').fill('javascript:alert(1)');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('button', { name: 'Update' }).first().click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(hero.getByRole('group', { name: 'Primary Button' }).getByLabel('Link')).toBeFocused();
    await expect(hero.getByText('must be an http(s) URL or a path starting with /')).toBeVisible();
    // Folded again by hand, the section opens once more on the next refused save.
    await toggle.click();
    await page.getByRole('button', { name: 'Update' }).last().click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(hero.getByRole('group', { name: 'Primary Button' }).getByLabel('Link')).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${product.id}$`));
  } finally {
    await api.remove(`/api/products/${product.id}`);
  }
});

test('gallery: uploads take orders after the current highest; a non-image file is refused', async ({ adminPage: page, api }) => {
  const product = await api.createProduct({
    ...productInput(unique('Gallery Prod')),
    gallery: [
      { url: '/favicon.ico', order: 0 },
      { url: '/favicon.ico?second', order: 5 },
    ],
  });
  try {
    await openAdmin(page, `/admin/products/${product.id}`);
    const info = page.getByRole('region', { name: 'Information' });
    await expect(info.getByLabel('Gallery Images')).toHaveAttribute('accept', 'image/*');
    await expect(info.getByLabel('Gallery Images')).toHaveAttribute('multiple', '');
    await expect(info.getByLabel('Tile Image', { exact: true })).toHaveAttribute('accept', 'image/*');
    await info.getByLabel('Gallery Images').setInputFiles([
      await pngFile('after-1.png', [1, 2, 3]),
      { name: 'clip.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not really a video') },
    ]);
    await expect(info.getByRole('alert')).toHaveText('1 file(s) failed to upload: clip.mp4 (Unsupported file type: images may be JPEG, PNG, WEBP, GIF or AVIF)');
    await expect(info.getByRole('list', { name: 'Gallery' }).getByRole('img')).toHaveCount(3);
    const saved = page.waitForRequest((request) => request.url().endsWith(`/api/products/${product.id}`) && request.method() === 'PUT');
    await page.getByRole('button', { name: 'Update' }).first().click();
    const sent = (await saved).postDataJSON() as Product;
    expect(sent.gallery.map((item) => item.order)).toEqual([0, 5, 6]);
    expect(sent.gallery[2]?.url).toMatch(/^\/uploads\//);
  } finally {
    await api.remove(`/api/products/${product.id}`);
  }
});

test('an edit link to a missing item says Not Found and leads back to the list', async ({ adminPage: page }) => {
  await openAdmin(page, '/admin/products/no-such-product');
  await expect(page.getByRole('heading', { name: 'Product Not Found', level: 1 })).toBeVisible();
  await expect(page.getByText("The product you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole('link', { name: 'Back to Products' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);

  await openAdmin(page, '/admin/categories/no-such-category');
  await expect(page.getByRole('heading', { name: 'Category Not Found', level: 1 })).toBeVisible();
  await expect(page.getByText("The category you're looking for doesn't exist.")).toBeVisible();

  // Any other failure still says what went wrong.
  await failApi(page, '**/api/categories/other-id', 'GET', 500, 'Database unavailable');
  await openAdmin(page, '/admin/categories/other-id');
  await expect(page.getByRole('alert')).toHaveText('Failed to load the category. Please reload the page.');
});

test('a hero colour that is no colour stays visible with its error; Save refuses until it is fixed, then saves the new colour', async ({ adminPage: page, api }) => {
  const category = await api.createCategory(categoryInput(unique('Hero Colour')));
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith(`/api/categories/${category.id}`)) puts.push(request.url());
  });
  try {
    await openAdmin(page, `/admin/categories/${category.id}`);
    const hero = page.getByRole('region', { name: 'Hero' });
    await hero.getByRole('button', { name: 'Hero', exact: true }).click();
    const text = hero.getByLabel('Text Color hex value');
    const swatch = hero.getByLabel('Text Color', { exact: true });
    const before = await swatch.inputValue();
    await text.fill('#12');
    // The text typed stays, with the spec's message under it at once; the picker keeps the last colour.
    await expect(text).toHaveValue('#12');
    await expect(text).toHaveAttribute('aria-invalid', 'true');
    await expect(hero.getByRole('alert')).toHaveText('Please enter a valid hex color (e.g., #FF5733)');
    await expect(swatch).toHaveValue(before);

    const update = page.getByRole('button', { name: 'Update' });
    await update.first().click();
    await expect(page.locator('.adm-page-header').getByRole('alert')).toHaveText('1 field needs attention before saving');
    await expect(page.locator('.adm-page__footer .adm-save-summary')).toHaveText('1 field needs attention before saving');
    await expect(update.first()).toHaveClass(/adm-button--refused/);
    await expect(text).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/admin/categories/${category.id}$`));
    expect(puts).toEqual([]);

    // Valid again: the error and the summary go at once, without another Save.
    await text.fill('#12AB9F');
    await expect(text).not.toHaveAttribute('aria-invalid', 'true');
    await expect(hero.getByRole('alert')).toHaveCount(0);
    await expect(page.locator('.adm-save-summary')).toHaveCount(0);
    await expect(swatch).toHaveValue('#12ab9f');
    await update.last().click();
    await expectSavedInEditor(page);
    expect(puts).toHaveLength(1);

    await openAdmin(page, `/admin/categories/${category.id}`);
    const reloaded = page.getByRole('region', { name: 'Hero' });
    await reloaded.getByRole('button', { name: 'Hero', exact: true }).click();
    await expect(reloaded.getByLabel('Text Color hex value')).toHaveValue('#12AB9F');
    expect((await api.get<Category>(`/api/categories/${category.id}`)).heroConfig?.textColor).toBe('#12AB9F');
  } finally {
    await api.remove(`/api/categories/${category.id}`);
  }
});
