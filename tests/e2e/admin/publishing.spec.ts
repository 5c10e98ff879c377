import type { Product } from '../../../src/shared/schemas';
import { categoryInput, expect, openAdmin, productInput, test, unique, expectSavedInEditor, openFromSidebar } from './fixtures';

test('draft a product, preview it, schedule it seconds ahead and see it appear on the category page', async ({ adminPage: page, api, context }) => {
  test.setTimeout(60_000);
  const category = await api.createCategory(categoryInput(unique('Launch Cat')));
  const title = unique('Launch Product');
  const product = await api.createProduct({ ...productInput(title), categories: [category.id] });
  try {
    // Draft it.
    await openAdmin(page, `/admin/products/${product.id}`);
    const publishing = page.getByRole('region', { name: 'Publishing' });
    await publishing.getByLabel('Status').selectOption('draft');
    await page.getByRole('button', { name: 'Update' }).first().click();
    await expectSavedInEditor(page);
    await openFromSidebar(page, 'Products');
    // Found by search: tests beside this one may have pushed it past the list's first page.
    await page.getByRole('searchbox', { name: 'Search products' }).fill(title);
    await expect(page.getByRole('row').filter({ hasText: title }).getByText('Draft', { exact: true })).toBeVisible();
    await page.getByLabel('Show').selectOption('draft');
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1);

    const visitor = await context.browser()!.newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto(`/category/${category.slug}`);
    await expect(publicPage.getByRole('heading', { level: 2, name: `Browse ${category.title}` })).toBeVisible();
    await expect(publicPage.getByText(title)).toHaveCount(0);
    expect((await publicPage.goto(`/product/${product.slug}`))?.status()).toBe(404);

    // Preview it with an unsaved change: the draft as the form has it, on a signed link.
    await openAdmin(page, `/admin/products/${product.id}`);
    await page.getByRole('region', { name: 'Information' }).getByLabel('Info').fill('Preview-only info text');
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = await popup;
    await expect(preview).toHaveURL(/\/preview\/[\w-]+\/[\w-]+$/);
    await expect(preview.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(preview.getByText('Preview-only info text')).toBeVisible();
    await expect(preview.getByText(/Preview: visitors do not see this version/)).toBeVisible();
    // The link can be shared: a browser that is not signed in opens it too.
    const shared = await visitor.newPage();
    const answer = await shared.goto(preview.url());
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['cache-control']).toBe('private, no-store');
    expect(answer?.headers()['x-robots-tag']).toBe('noindex');
    await preview.close();

    // Schedule it a few seconds ahead.
    await page.getByRole('region', { name: 'Information' }).getByLabel('Info').fill(product.duration);
    await publishing.getByLabel('Status').selectOption('scheduled');
    const dueLocal = await page.evaluate(() => {
      const due = new Date(Date.now() + 8000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())}T${pad(due.getHours())}:${pad(due.getMinutes())}:${pad(due.getSeconds())}`;
    });
    await publishing.getByLabel('Publish At').fill(dueLocal);
    await page.getByRole('button', { name: 'Update' }).first().click();
    await expectSavedInEditor(page);
    await openFromSidebar(page, 'Products');
    // Found by search: tests beside this one may have pushed it past the list's first page.
    await page.getByRole('searchbox', { name: 'Search products' }).fill(title);
    await expect(page.getByRole('row').filter({ hasText: title }).getByText(/^Scheduled: /)).toBeVisible();
    const saved = await api.get<Product>(`/api/products/${product.id}`);
    expect(saved.status).toBe('scheduled');

    // Not yet; then, at its time and with nobody acting, on the category page.
    await publicPage.goto(`/category/${category.slug}`);
    await expect(publicPage.getByText(title)).toHaveCount(0);
    await expect
      .poll(
        async () => {
          await publicPage.reload();
          return publicPage.getByRole('heading', { name: title }).count();
        },
        { timeout: 20_000, intervals: [1000] },
      )
      .toBe(1);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(saved.publishAt!));
    await visitor.close();
  } finally {
    await api.remove(`/api/products/${product.id}`);
    await api.remove(`/api/categories/${category.id}`);
  }
});

test('leaving an edited product asks first: a link, the back button and closing the tab', async ({ adminPage: page, api }) => {
  const product = await api.createProduct(productInput(unique('Unsaved Product')));
  try {
    await openAdmin(page, '/admin/products');
    // Found by search: tests beside this one may have pushed it past the list's first page.
    await page.getByRole('searchbox', { name: 'Search products' }).fill(product.title);
    await page.getByRole('link', { name: `Edit ${product.title}` }).click();
    const titleField = page.getByRole('region', { name: 'Information' }).getByLabel('Title', { exact: true });
    await titleField.fill('Half-typed new title');
    const dialog = page.getByRole('dialog', { name: 'Unsaved Changes' });

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Categories' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${product.id}$`));
    await expect(titleField).toHaveValue('Half-typed new title');

    await page.goBack();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${product.id}$`));
    await expect(titleField).toHaveValue('Half-typed new title');

    const prompt = new Promise<string>((resolve) =>
      page.once('dialog', (browserDialog) => {
        resolve(browserDialog.type());
        void browserDialog.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await prompt).toBe('beforeunload');
    // Dismissed, the tab stayed; now leave for real so the test can end.
    await expect(titleField).toHaveValue('Half-typed new title');
    page.on('dialog', (browserDialog) => void browserDialog.accept());
    await page.close({ runBeforeUnload: true });
  } finally {
    await api.remove(`/api/products/${product.id}`);
  }
});

test('two windows edit one product: the second save is refused with a clear message', async ({ adminPage: page, api, context }) => {
  const product = await api.createProduct(productInput(unique('Shared Product')));
  try {
    await openAdmin(page, `/admin/products/${product.id}`);
    const other = await context.newPage();
    await openAdmin(other, `/admin/products/${product.id}`);

    await other.getByRole('region', { name: 'Information' }).getByLabel('Info').fill('Saved from the other window');
    await other.getByRole('button', { name: 'Update' }).first().click();
    await expectSavedInEditor(other);

    await page.getByRole('region', { name: 'Information' }).getByLabel('Info').fill('Saved from the first window');
    await page.getByRole('button', { name: 'Update' }).first().click();
    // Said beside Save, never in a browser alert.
    await expect(page.getByText(/This product was changed by someone else since you opened it/).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${product.id}$`));
    expect((await api.get<Product>(`/api/products/${product.id}`)).duration).toBe('Saved from the other window');

    // Revisions list both saves; restoring the first version (after its preview) is a new revision.
    await page.reload();
    const revisions = page.getByRole('region', { name: 'Revisions' });
    await revisions.getByRole('button', { name: 'Revisions' }).click();
    await expect(revisions.getByRole('listitem')).toHaveCount(2);
    await expect(revisions.getByRole('listitem').first()).toContainText('Changed info');
    await revisions.getByRole('listitem').last().getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('dialog', { name: 'Restore Revision' }).getByRole('button', { name: 'Restore this version' }).click();
    await expect(page.getByRole('region', { name: 'Information' }).getByLabel('Info')).toHaveValue(product.duration);
    expect((await api.get<Product>(`/api/products/${product.id}`)).duration).toBe(product.duration);
  } finally {
    await api.remove(`/api/products/${product.id}`);
  }
});
