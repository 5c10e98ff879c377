import type { Product } from '../../../src/shared/schemas';
import { expect, expectSavedInEditor, openAdmin, pngFile, productInput, test, unique, uploadPicture } from './fixtures';

/** Issue 24: the editor never loses or hides the owner's work. */

test('Update during a gallery upload waits for it, saves the picture with the product and stays in the editor', async ({ adminPage: page, api }) => {
  const product = await api.createProduct(productInput(unique('Uploading Product')));
  try {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/homepage/upload', async (route) => {
      await held;
      await route.continue();
    });
    await openAdmin(page, `/admin/products/${product.id}`);
    const info = page.getByRole('region', { name: 'Information' });
    await info.getByLabel('Gallery Images').setInputFiles([await pngFile('late.png', [30, 90, 200])]);
    await page.getByRole('button', { name: 'Update' }).first().click();
    // Said on the button and in the save bar; nothing is sent yet.
    await expect(page.getByRole('button', { name: 'Uploading 1 file…' }).first()).toBeVisible();
    await expect(page.getByTestId('save-bar').getByText('Uploading 1 file… Saving when done.')).toBeVisible();
    expect((await api.get<Product>(`/api/products/${product.id}`)).gallery).toEqual([]);

    release();
    await expectSavedInEditor(page);
    await expect(page).toHaveURL(new RegExp(`/admin/products/${product.id}$`));
    const saved = await api.get<Product>(`/api/products/${product.id}`);
    expect(saved.gallery).toHaveLength(1);
    expect(saved.gallery[0]!.url).toMatch(/^\/uploads\//);
    // "View" opens the product on the site.
    await expect(page.getByTestId('save-bar').getByRole('link', { name: /^View/ })).toHaveAttribute('href', `/product/${product.slug}`);
  } finally {
    await api.remove(`/api/products/${product.id}`);
  }
});

test('a new product without an intro video is saved as a draft', async ({ adminPage: page, api }) => {
  const title = unique('Draft No Video');
  let created: Product | undefined;
  try {
    await openAdmin(page, '/admin/products/new');
    const info = page.getByRole('region', { name: 'Information' });
    await expect(page.getByRole('region', { name: 'Publishing' }).getByLabel('Status')).toHaveValue('draft');
    await info.getByLabel('Title', { exact: true }).fill(title);
    await info.getByLabel('Info').fill('1 hour');
    await info.getByLabel('Buy Link').fill('https://example.com/buy');
    await info.getByRole('textbox', { name: 'Description' }).fill('No video yet.');
    await uploadPicture(info, 'Tile Image');
    await expect(info.getByText('Intro video (optional)', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(2);
    await page.getByRole('button', { name: 'Save draft' }).first().click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    created = (await api.get<Product[]>('/api/products')).find((item) => item.title === title);
    expect(created).toMatchObject({ status: 'draft', introVideo: '' });
    // A visitor does not see the draft.
    const visitor = await page.context().browser()!.newContext();
    expect((await (await visitor.newPage()).goto(`/product/${created!.slug}`))?.status()).toBe(404);
    await visitor.close();
  } finally {
    if (created) await api.remove(`/api/products/${created.id}`);
  }
});

test('offline, Update says so and keeps the typed work', async ({ adminPage: page, api, context }) => {
  const product = await api.createProduct(productInput(unique('Offline Product')));
  try {
    await openAdmin(page, `/admin/products/${product.id}`);
    const info = page.getByRole('region', { name: 'Information' });
    await info.getByLabel('Info').fill('Typed on a train');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Update' }).first().click();
    await expect(page.getByText('You appear to be offline — your changes are kept. Save again when you are back online.').first()).toBeVisible();
    await expect(info.getByLabel('Info')).toHaveValue('Typed on a train');
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Update' }).first().click();
    await expectSavedInEditor(page);
    expect((await api.get<Product>(`/api/products/${product.id}`)).duration).toBe('Typed on a train');
  } finally {
    await context.setOffline(false);
    await api.remove(`/api/products/${product.id}`);
  }
});

// The cause of the flaky "leaving an edited product…" test: the description editor, once its
// script arrived, took the focus, so the rest of what was typed into the title went into it.
test('typing in the title while the description editor loads stays in the title', async ({ adminPage: page, api }) => {
  const product = await api.createProduct(productInput(unique('Focus Product')));
  try {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/quill-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await openAdmin(page, `/admin/products/${product.id}`);
    const title = page.getByRole('region', { name: 'Information' }).getByLabel('Title', { exact: true });
    await title.fill('Typed while');
    release();
    await expect(page.getByRole('toolbar', { name: 'Description formatting' })).toBeVisible();
    await expect(title).toBeFocused();
    await page.keyboard.type(' loading');
    await expect(title).toHaveValue('Typed while loading');
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveText(`${product.title} description`);
  } finally {
    await api.remove(`/api/products/${product.id}`);
  }
});

test('unsaved fields are kept in the browser and offered back after a reload', async ({ adminPage: page, api }) => {
  const product = await api.createProduct(productInput(unique('Kept Product')));
  try {
    await openAdmin(page, `/admin/products/${product.id}`);
    const info = page.getByRole('region', { name: 'Information' });
    await info.getByLabel('Info').fill('Typed before the tab was lost');
    // The save bar stays in view while there is something to save.
    await expect(page.getByTestId('save-bar')).toHaveCSS('position', 'sticky');
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), `showcase:admin-draft:product:${product.id}`)).toContain('Typed before the tab was lost');
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();

    const offer = page.getByRole('alert').filter({ hasText: /^Restore unsaved changes from \d{1,2}:\d{2}/ });
    await expect(offer).toBeVisible();
    await expect(info.getByLabel('Info')).toHaveValue(product.duration);
    await offer.getByRole('button', { name: 'Restore' }).click();
    await expect(info.getByLabel('Info')).toHaveValue('Typed before the tab was lost');
    await page.getByRole('button', { name: 'Update' }).first().click();
    await expectSavedInEditor(page);
    expect((await api.get<Product>(`/api/products/${product.id}`)).duration).toBe('Typed before the tab was lost');
    // Saved: nothing is offered any more.
    await page.reload();
    await expect(info.getByLabel('Info')).toHaveValue('Typed before the tab was lost');
    await expect(page.getByText(/^Restore unsaved changes/)).toHaveCount(0);
  } finally {
    await api.remove(`/api/products/${product.id}`);
  }
});

test('a save refused by an edit in another window can reload and keep my changes, naming the clashes', async ({ adminPage: page, api }) => {
  const product = await api.createProduct(productInput(unique('Clashing Product')));
  try {
    await openAdmin(page, `/admin/products/${product.id}`);
    const info = page.getByRole('region', { name: 'Information' });
    await info.getByLabel('Info').fill('Mine');
    await info.getByLabel('Buy Link').fill('https://example.com/mine');
    // Someone else saves the info and the title meanwhile.
    await api.put(`/api/products/${product.id}`, { ...productInput(product.title), slug: product.slug, title: `${product.title} theirs`, duration: 'Theirs' });

    await page.getByRole('button', { name: 'Update' }).first().click();
    await expect(page.getByText(/This product was changed by someone else since you opened it/).first()).toBeVisible();
    await page.getByRole('button', { name: 'Reload and keep my changes' }).click();
    await expect(page.getByText('Loaded the latest version with your changes put back. Also changed by someone else (yours kept): Info. Check before saving.')).toBeVisible();
    await expect(info.getByLabel('Title', { exact: true })).toHaveValue(`${product.title} theirs`);
    await expect(info.getByLabel('Info')).toHaveValue('Mine');
    await expect(info.getByLabel('Buy Link')).toHaveValue('https://example.com/mine');

    await page.getByRole('button', { name: 'Update' }).first().click();
    await expectSavedInEditor(page);
    expect(await api.get<Product>(`/api/products/${product.id}`)).toMatchObject({
      title: `${product.title} theirs`,
      duration: 'Mine',
      buyLink: 'https://example.com/mine',
    });
  } finally {
    await api.remove(`/api/products/${product.id}`);
  }
});

test('alt text from the product form: a gallery picture without one is marked, and the mark opens the field', async ({ adminPage: page, api }) => {
  const product = await api.createProduct(productInput(unique('Alt Product')));
  try {
    await openAdmin(page, `/admin/products/${product.id}`);
    const info = page.getByRole('region', { name: 'Information' });
    await info.getByLabel('Gallery Images').setInputFiles([await pngFile('sunset-over-hills.png', [220, 120, 40])]);
    const gallery = info.getByRole('list', { name: 'Gallery' });
    // The file's name and size, not a path.
    await expect(gallery.getByText('sunset-over-hills.png')).toBeVisible();
    await expect(gallery.getByText(/ · \d+ kB$/)).toBeVisible();
    await gallery.getByRole('button', { name: 'Missing alt text for gallery image 1' }).click();
    await gallery.getByLabel('Alt text for gallery image 1').fill('A sunset over rolling hills');
    await gallery.getByRole('button', { name: 'Save alt text' }).click();
    await expect(gallery.getByText('Alt: A sunset over rolling hills')).toBeVisible();
    await expect(gallery.getByRole('button', { name: /^Missing alt text/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Update' }).first().click();
    await expectSavedInEditor(page);
    const saved = await api.get<Product>(`/api/products/${product.id}`);
    const media = await api.get<{ url: string; alt: string }[]>(`/api/media?q=${encodeURIComponent(saved.gallery[0]!.url.slice('/uploads/'.length))}`);
    expect(media.find((item) => item.url === saved.gallery[0]!.url)?.alt).toBe('A sunset over rolling hills');
    // The public gallery reads it.
    const publicPage = await page.context().newPage();
    await publicPage.goto(`/product/${product.slug}`);
    await expect(publicPage.getByRole('img', { name: 'A sunset over rolling hills' }).first()).toBeAttached();
    await publicPage.close();
  } finally {
    await api.remove(`/api/products/${product.id}`);
  }
});

test('the admin product list on a phone: tappable rows whose title opens the editor, nothing off-screen', async ({ adminPage: page, api }) => {
  const product = await api.createProduct(productInput(unique('Phone Row')));
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    // The sidebar is folded behind its Menu button on a phone.
    await page.goto('/admin/products');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search products' }).fill(product.title);
    const row = page.getByRole('row').filter({ hasText: product.title });
    await expect(row).toHaveCount(1);
    const link = row.getByRole('link', { name: product.title, exact: true });
    const box = (await link.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    for (const control of [link, row.getByRole('link', { name: `Edit ${product.title}` }), row.getByRole('button', { name: `Delete ${product.title}` })]) {
      await expect(control).toBeInViewport({ ratio: 1 });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${product.id}$`));
    // The rich-text toolbar's targets are 44 px on a phone.
    const bold = page.getByRole('toolbar', { name: 'Description formatting' }).locator('button.ql-bold');
    const boldBox = (await bold.boundingBox())!;
    expect(Math.min(boldBox.width, boldBox.height)).toBeGreaterThanOrEqual(44);
  } finally {
    await api.remove(`/api/products/${product.id}`);
  }
});

test('hero colours that cannot be read together get the contrast warning', async ({ adminPage: page, api }) => {
  const product = await api.createProduct(productInput(unique('Contrast Product')));
  try {
    await openAdmin(page, `/admin/products/${product.id}`);
    const hero = page.getByRole('region', { name: 'Hero' });
    await hero.getByRole('button', { name: 'Hero', exact: true }).click();
    await hero.getByLabel('Background Color', { exact: true }).fill('#ffffff');
    await expect(hero.getByText(/The hero text reaches only 1\.0:1 contrast on this background/)).toBeVisible();
    await hero.getByLabel('Text Color', { exact: true }).fill('#111111');
    await expect(hero.getByText(/The hero text reaches only/)).toHaveCount(0);
  } finally {
    await api.remove(`/api/products/${product.id}`);
  }
});
