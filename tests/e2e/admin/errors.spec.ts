import type { Category, Product } from '../../../src/shared/schemas';
import { E2E_ADMIN_PASSWORD } from '../../../playwright.config';
import { categoryInput, expect, failApi, openAdmin, productInput, test, unique, uploadPicture } from './fixtures';

// No window.alert anywhere in the admin: a test fails on any browser dialog.
test.beforeEach(({ page }) => {
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected browser dialog: ${dialog.message()}`);
  });
});

test('a duplicate slug is shown under the slug field, with a summary beside Save; errors clear as soon as the value is valid', async ({ adminPage: page, api }) => {
  const taken = await api.createProduct(productInput(unique('Taken Slug')));
  let created: Product | undefined;
  try {
    await openAdmin(page, '/admin/products/new');
    const info = page.getByRole('region', { name: 'Information' });
    const save = page.getByRole('button', { name: 'Publish', exact: true }).first();
    await save.click();
    const title = info.getByLabel('Title', { exact: true });
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert').filter({ hasText: /fields need attention before saving$/ })).toBeVisible();
    await expect(save).toHaveClass(/adm-button--refused/);
    // The title's error goes the moment it is valid, without another Save.
    await title.fill('Some title');
    await expect(title).not.toHaveAttribute('aria-invalid', 'true');

    await title.fill(taken.title);
    await info.getByLabel('Info').fill('1 hour');
    await info.getByLabel('Buy Link').fill('https://example.com/buy');
    await info.getByRole('textbox', { name: 'Description' }).fill('Duplicate on purpose');
    await uploadPicture(info, 'Tile Image');
    await info.getByLabel('Intro video (optional) video-site link').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await expect(save).not.toHaveClass(/adm-button--refused/);
    await save.click();

    const slug = info.getByLabel('Slug');
    await expect(slug).toHaveAttribute('aria-invalid', 'true');
    const describedBy = (await slug.getAttribute('aria-describedby'))!.split(' ');
    const slugError = page.locator(`[id="${describedBy.find((id) => id.endsWith('-error'))}"]`);
    await expect(slugError).toHaveText('A product with this slug already exists');
    await expect(page.locator('.adm-page-header').getByRole('alert')).toHaveText('1 field needs attention before saving');
    await expect(slug).toBeFocused();
    // A new slug clears the server's refusal at once; the save then goes through.
    await slug.fill(`${taken.slug}-two`);
    await expect(slug).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('.adm-save-summary')).toHaveCount(0);
    await save.click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    created = (await api.get<Product[]>('/api/products')).find((item) => item.slug === `${taken.slug}-two`);
    expect(created).toBeDefined();
  } finally {
    await api.remove(`/api/products/${taken.id}`);
    if (created) await api.remove(`/api/products/${created.id}`);
  }
});

test('a failure that belongs to no field says the spec text and the server reason beside Save', async ({ adminPage: page, api }) => {
  const category = await api.createCategory(categoryInput(unique('Failing Save')));
  try {
    await openAdmin(page, `/admin/categories/${category.id}`);
    await failApi(page, `**/api/categories/${category.id}`, 'PUT', 503, 'The database is busy: please try again in a few seconds');
    await page.getByRole('button', { name: 'Update' }).first().click();
    await expect(page.locator('.adm-page-header').getByRole('alert')).toHaveText(
      'Failed to save category: The database is busy: please try again in a few seconds',
    );
    await expect(page).toHaveURL(new RegExp(`/admin/categories/${category.id}$`));
  } finally {
    await api.remove(`/api/categories/${category.id}`);
  }
});

test('an oversize image is refused before a byte is sent, naming the file; the limits are stated under the picker', async ({ adminPage: page }) => {
  await openAdmin(page, '/admin/products/new');
  const info = page.getByRole('region', { name: 'Information' });
  await expect(info.getByText('JPEG, PNG, WEBP, GIF or AVIF; up to 15 MB').first()).toBeVisible();
  await expect(info.getByText('MP4 or WEBM; up to 300 MB')).toBeVisible();
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/(upload\/image|homepage\/upload)/.test(request.url())) uploads.push(request.url());
  });
  // A 16 MB PNG made inside the page: passing it through the test driver costs
  // more time than the check itself on a busy machine.
  await info.getByLabel('Tile Image', { exact: true }).evaluate((input: HTMLInputElement) => {
    const bytes = new Uint8Array(16 * 1024 * 1024);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const picked = new DataTransfer();
    picked.items.add(new File([bytes], 'poster-50mb.png', { type: 'image/png' }));
    input.files = picked.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await expect(info.getByText('Upload failed: File is too large: images may be at most 15 MB (poster-50mb.png)')).toBeVisible();
  // Several at once in the gallery: the summary names each file and its reason.
  await info.getByLabel('Gallery Images').setInputFiles([
    { name: 'drawing.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
  ]);
  const refusal = 'Unsupported file type: images may be JPEG, PNG, WEBP, GIF or AVIF';
  await expect(info.getByText(/^2 file\(s\) failed to upload: /)).toHaveText(`2 file(s) failed to upload: drawing.svg (${refusal}), notes.txt (${refusal})`);
  expect(uploads).toEqual([]);
});

test('session expiry says so and keeps the unsaved work; after signing in again Save works', async ({ adminPage: page, api }) => {
  const title = unique('Expiry Category');
  let created: Category | undefined;
  try {
    await openAdmin(page, '/admin/categories/new');
    const content = page.getByRole('region', { name: 'Content' });
    await content.getByLabel('Title', { exact: true }).fill(title);
    await content.getByLabel('Description').fill('Typed before the session expired');
    await uploadPicture(content, 'Tile Image');
    await failApi(page, '**/api/categories', 'POST', 401, 'Authentication required');
    await page.keyboard.press('Control+s');
    const dialog = page.getByRole('dialog', { name: 'Session expired' });
    await expect(dialog.getByText('Your session has expired. Sign in again to carry on: your unsaved changes are still here.')).toBeVisible();
    await page.unroute('**/api/categories');
    await dialog.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog).toBeHidden();
    await expect(content.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(content.getByLabel('Description')).toHaveValue('Typed before the session expired');
    await page.getByRole('button', { name: 'Publish', exact: true }).first().click();
    await expect(page).toHaveURL(/\/admin\/categories$/);
    const notice = page.getByRole('status').filter({ hasText: `Category “${title}” created.` });
    await expect(notice.getByRole('link', { name: 'Add another' })).toBeVisible();
    created = (await api.get<Category[]>('/api/categories')).find((item) => item.title === title);
    await expect(page.locator(`tr[data-row-id="${created!.id}"]`)).toHaveClass(/adm-row--created/);
  } finally {
    if (created) await api.remove(`/api/categories/${created.id}`);
  }
});

test('deleting a category says how many products it leaves in no category', async ({ adminPage: page, api }) => {
  const doomed = await api.createCategory(categoryInput(unique('Doomed')));
  const other = await api.createCategory(categoryInput(unique('Other')));
  const products = [
    await api.createProduct({ ...productInput(unique('Only Here A')), categories: [doomed.id] }),
    await api.createProduct({ ...productInput(unique('Only Here B')), categories: [doomed.id] }),
    await api.createProduct({ ...productInput(unique('Both')), categories: [doomed.id, other.id] }),
  ];
  try {
    await openAdmin(page, '/admin/categories');
    await page.getByRole('button', { name: `Delete ${doomed.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Category' });
    await expect(dialog.getByText('2 products are in this category only and will be left uncategorised (on no category page).')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    for (const product of products) await api.remove(`/api/products/${product.id}`);
    await api.remove(`/api/categories/${doomed.id}`);
    await api.remove(`/api/categories/${other.id}`);
  }
});

test('the theme refuses to save while its hex field holds no colour', async ({ adminPage: page }) => {
  await openAdmin(page, '/admin/theme');
  const hex = page.getByLabel('Primary Color hex value');
  await hex.fill('#12');
  let saved = false;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/api/theme')) saved = true;
  });
  // Refused, yet still reachable: pressing it says why.
  await page.getByRole('button', { name: 'Save' }).first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Changes saved successfully')).toHaveCount(0);
  await expect(page.locator('.adm-page-header').getByRole('alert')).toHaveText('1 field needs attention before saving');
  expect(saved).toBe(false);
});

test('the sidebar spans the window and stays in view at the bottom of a long form', async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openAdmin(page, '/admin/products/new');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const box = await page.locator('.adm-sidebar').boundingBox();
  // Within a pixel: the form's height may end on a fraction of one, which the page's scroll height rounds up.
  expect(Math.abs(box!.y)).toBeLessThan(1);
  expect(Math.abs(box!.height - 720)).toBeLessThan(1);
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Logout' })).toBeInViewport();
});
