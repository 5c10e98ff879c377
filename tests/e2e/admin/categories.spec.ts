import fs from 'node:fs';
import path from 'node:path';
import type { Category } from '../../../src/shared/schemas';
import { categoryInput, expect, failApi, keyboardMove, openAdmin, pngFile, test, unique, expectSavedInEditor, openFromSidebar } from './fixtures';

const VIDEO_CLIP = fs.readFileSync(path.join(import.meta.dirname, '../public/fixtures/clip.mp4'));

const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

test('create a category with uploads, see it on the public site, edit it, then delete it', async ({ adminPage: page, api }) => {
  const title = unique('Admin Category');
  const slug = slugOf(title);
  await openAdmin(page, '/admin/categories');
  await page.getByRole('link', { name: 'Add New Category' }).first().click();
  await expect(page.getByRole('heading', { name: 'Add New Category' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Preview' })).toHaveCount(0);
  const content = page.getByRole('region', { name: 'Content' });
  const hero = page.getByRole('region', { name: 'Hero' });
  await expect(hero.getByRole('button', { name: 'Hero', exact: true })).toHaveAttribute('aria-expanded', 'false');

  // Required fields are named before anything is sent.
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(content.getByText('is required').first()).toBeVisible();

  await content.getByLabel('Title', { exact: true }).fill(title);
  await expect(content.getByLabel('Slug')).toHaveValue(slug);
  await content.getByLabel('Description').fill('Hand-made in the e2e suite');
  await content.getByLabel('Tile Image', { exact: true }).setInputFiles(await pngFile('tile.png', [10, 150, 90]));
  await expect(content.getByRole('img', { name: 'Tile Image preview' })).toHaveAttribute('src', /^\/uploads\//);
  await content.getByLabel('Tile Hover Image', { exact: true }).setInputFiles(await pngFile('hover.png', [90, 10, 150]));
  await expect(content.getByRole('img', { name: 'Tile Hover Image preview' })).toHaveAttribute('src', /^\/uploads\//);
  await expect(content.getByText('Image to display when this category has no products')).toBeVisible();
  await expect(content.getByLabel('Tile Video', { exact: true })).toHaveAttribute('accept', 'video/*');
  await content.getByLabel('Tile Video', { exact: true }).setInputFiles(await pngFile('not-a-video.png'));
  const refusal = content.getByText('Upload failed: Unsupported file type: videos may be MP4 or WEBM (not-a-video.png)');
  await expect(refusal).toBeVisible();
  await content.getByLabel('Tile Video', { exact: true }).setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: VIDEO_CLIP });
  await expect(content.getByLabel('Tile Video preview')).toHaveAttribute('src', /^\/uploads\//);
  await expect(refusal).toHaveCount(0);
  // A non-number falls back to 2.
  await content.getByLabel('Items Per Row').fill('');
  await hero.getByRole('button', { name: 'Hero', exact: true }).click();
  await hero.getByLabel('Title', { exact: true }).fill(`${title} hero`);

  await page.getByRole('button', { name: 'Publish', exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/categories$/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: `View ${title}` })).toHaveAttribute('href', `/category/${slug}`);
  await expect(row.getByRole('link', { name: `View ${title}` })).toHaveAttribute('target', '_blank');

  const created = (await api.get<Category[]>('/api/categories')).find((category) => category.slug === slug);
  try {
    expect(created?.itemsPerRow).toBe(2);
    expect(created?.heroConfig.title).toBe(`${title} hero`);
    const others = (await api.get<Category[]>('/api/categories')).filter((category) => category.id !== created?.id);
    expect(created?.order).toBe(Math.max(-1, ...others.map((category) => category.order)) + 1);

    // The public header links the new category.
    await page.goto('/');
    await page.reload();
    // In the row or, when the row is full, in its "More" menu.
    await expect(page.getByRole('navigation', { name: 'Main' }).locator(`a[href="/category/${slug}"]`).first()).toHaveText(title);
    await page.goto(`/category/${slug}`);
    await expect(page.getByText(`Browse ${title}`)).toBeVisible();

    // Edit: a saved category keeps its address when the title changes (issue 12: "Change URL" only).
    await openAdmin(page, '/admin/categories');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page.getByRole('heading', { name: 'Edit Category' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Preview' })).toBeVisible();
    const edited = `${title} Edited`;
    await page.getByRole('region', { name: 'Content' }).getByLabel('Title', { exact: true }).fill(edited);
    await expect(page.getByRole('region', { name: 'Content' }).getByLabel('Slug')).toHaveValue(slug);
    await page.getByRole('region', { name: 'Content' }).getByLabel('Items Per Row').fill('3');
    await page.getByRole('button', { name: 'Update' }).first().click();
    await expectSavedInEditor(page);
    await openFromSidebar(page, 'Categories');
    await expect(page.getByRole('row').filter({ hasText: edited })).toHaveCount(1);
    const after = await api.get<Category>(`/api/categories/${created?.id}`);
    expect(after.itemsPerRow).toBe(3);
    expect(after.order).toBe(created?.order);
    // The first visit after the save may still get the previous page while the fresh one renders (decision 008).
    await expect(async () => {
      await page.goto(`/category/${slug}`);
      await expect(page.getByText(`Browse ${edited}`)).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 25_000 });

    // Delete asks first.
    await openAdmin(page, '/admin/categories');
    await page.getByRole('button', { name: `Delete ${edited}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to delete this category?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('row').filter({ hasText: edited })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: edited })).toHaveCount(0);
  } finally {
    if (created) await api.remove(`/api/categories/${created.id}`);
  }
});

test('items per row stays within 1-4 and the form cancels back to the list', async ({ adminPage: page }) => {
  await openAdmin(page, '/admin/categories/new');
  const content = page.getByRole('region', { name: 'Content' });
  await content.getByLabel('Items Per Row').fill('7');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(content.getByText('must be at most 4')).toBeVisible();
  await content.getByLabel('Items Per Row').fill('0');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(content.getByText('must be at least 1')).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).first().click();
  await page.getByRole('dialog', { name: 'Unsaved Changes' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/admin\/categories$/);
});

test('drag rows with the keyboard: the new order shows at once and persists', async ({ adminPage: page, api }) => {
  const first = await api.createCategory(categoryInput(unique('Reorder Cat A')));
  const second = await api.createCategory(categoryInput(unique('Reorder Cat B')));
  try {
    await openAdmin(page, '/admin/categories');
    const titles = page.locator('tbody td.adm-table__title');
    const order = async () => (await titles.allTextContents()).filter((text) => text === first.title || text === second.title);
    await expect.poll(order).toEqual([first.title, second.title]);
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/categories/reorder/bulk') && response.request().method() === 'PUT');
    await keyboardMove(page, `Reorder ${second.title}`, 'ArrowUp');
    await expect.poll(order).toEqual([second.title, first.title]);
    // Screen readers hear the item's name and place, not its id.
    await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText(new RegExp(`^${second.title} dropped at position \\d+ of \\d+\\.$`));
    expect((await saved).ok()).toBe(true);
    const sent = (await saved).request().postDataJSON() as { categories: { id: string; order: number }[] };
    expect(sent.categories.map((item) => item.order)).toEqual(sent.categories.map((_, index) => index));

    await page.reload();
    await expect.poll(order).toEqual([second.title, first.title]);
  } finally {
    await api.remove(`/api/categories/${first.id}`);
    await api.remove(`/api/categories/${second.id}`);
  }
});

test('drag a row with the mouse', async ({ adminPage: page, api }) => {
  const first = await api.createCategory(categoryInput(unique('Mouse Cat A')));
  const second = await api.createCategory(categoryInput(unique('Mouse Cat B')));
  try {
    await openAdmin(page, '/admin/categories');
    const titles = page.locator('tbody td.adm-table__title');
    const order = async () => (await titles.allTextContents()).filter((text) => text === first.title || text === second.title);
    await expect.poll(order).toEqual([first.title, second.title]);
    await page.getByRole('button', { name: `Reorder ${second.title}` }).scrollIntoViewIfNeeded();
    const from = await page.getByRole('button', { name: `Reorder ${second.title}` }).boundingBox();
    const to = await page.getByRole('button', { name: `Reorder ${first.title}` }).boundingBox();
    if (!from || !to) throw new Error('handles not laid out');
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/categories/reorder/bulk'));
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.waitForTimeout(100);
    // Past the first row's centre, so the closest centre is unambiguous even if the layout shifts a little.
    await page.mouse.move(to.x + to.width / 2, to.y - 4, { steps: 12 });
    await page.waitForTimeout(100);
    await page.mouse.up();
    await expect.poll(order).toEqual([second.title, first.title]);
    expect((await saved).ok()).toBe(true);
  } finally {
    await api.remove(`/api/categories/${first.id}`);
    await api.remove(`/api/categories/${second.id}`);
  }
});

test('category alerts: failed reorder (the list shows what the server holds again), failed delete, failed save; and the empty state', async ({ adminPage: page, api }) => {
  const first = await api.createCategory(categoryInput(unique('Alert Cat A')));
  const second = await api.createCategory(categoryInput(unique('Alert Cat B')));
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  try {
    await openAdmin(page, '/admin/categories');
    await failApi(page, '**/api/categories/reorder/bulk', 'PUT');
    const titles = page.locator('tbody td.adm-table__title');
    const order = async () => (await titles.allTextContents()).filter((text) => text === first.title || text === second.title);
    await keyboardMove(page, `Reorder ${second.title}`, 'ArrowUp');
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to reorder categories: Simulated failure' })).toBeVisible();
    // The save failed, so the list goes back to the order the server holds (decision 012).
    await expect.poll(order).toEqual([first.title, second.title]);

    await failApi(page, `**/api/categories/${first.id}`, 'DELETE');
    await page.getByRole('button', { name: `Delete ${first.title}` }).click();
    await page.getByRole('dialog', { name: 'Delete Category' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete Category' }).getByRole('alert')).toHaveText('Failed to delete category: Simulated failure');
    await page.getByRole('dialog', { name: 'Delete Category' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('row').filter({ hasText: first.title })).toHaveCount(1);

    await failApi(page, `**/api/categories/${first.id}`, 'PUT');
    await page.getByRole('link', { name: `Edit ${first.title}` }).click();
    await page.getByRole('region', { name: 'Content' }).getByLabel('Description').fill('changed');
    await page.getByRole('button', { name: 'Update' }).first().click();
    await expect(page.locator('.adm-page-header').getByRole('alert')).toHaveText('Failed to save category: Simulated failure');
    // Every failure was said on the page: no browser alert.
    expect(alerts).toEqual([]);
    await expect(page.getByRole('button', { name: 'Update' }).first()).toBeEnabled();
    await expect(page).toHaveURL(new RegExp(`/admin/categories/${first.id}$`));
  } finally {
    await api.remove(`/api/categories/${first.id}`);
    await api.remove(`/api/categories/${second.id}`);
  }

  await page.route('**/api/categories', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data: [] }) })
      : route.fallback(),
  );
  await page.goto('/admin/categories');
  await expect(page.getByRole('heading', { name: 'No categories yet' })).toBeVisible();
  await expect(page.getByText('Categories help organize your products. Create your first category to get started.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add New Category' })).toHaveCount(2);
});
