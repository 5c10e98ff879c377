import { expect, openAdmin, productInput, test, unique, expectSavedInEditor } from './fixtures';

/** Stable addresses (issue 12) and links that never break (issue 13), in the browser. */

test('a published product changes its URL only through "Change URL", and the old URL redirects', async ({ adminPage: page, api, request }) => {
  const product = await api.createProduct(productInput(unique('Stable Address')));
  const newSlug = `${product.slug}-moved`;
  try {
    await openAdmin(page, `/admin/products/${product.id}`);
    const info = page.getByRole('region', { name: 'Information' });
    const slug = info.getByLabel('Slug');
    await expect(slug).toHaveValue(product.slug);
    await expect(slug).not.toBeEditable();

    // A saved product's title no longer drags its address along.
    await info.getByLabel('Title', { exact: true }).fill(`${product.title} renamed`);
    await expect(slug).toHaveValue(product.slug);

    await info.getByRole('button', { name: 'Change URL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change URL' });
    await expect(dialog.getByText('Links to the old address will redirect to the new one.')).toBeVisible();
    // Cancel leaves it locked.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(slug).not.toBeEditable();
    await info.getByRole('button', { name: 'Change URL' }).click();
    await page.getByRole('dialog', { name: 'Change URL' }).getByRole('button', { name: 'Change URL' }).click();
    await expect(slug).toBeEditable();
    await expect(slug).toBeFocused();
    await slug.fill(newSlug);
    await page.getByRole('button', { name: 'Update' }).first().click();
    await expectSavedInEditor(page);

    const answer = await request.get(`/product/${product.slug}?ref=mail`, { maxRedirects: 0 });
    expect(answer.status()).toBe(301);
    expect(answer.headers().location).toBe(`/product/${newSlug}?ref=mail`);
    await page.goto(`/product/${product.slug}`);
    await expect(page).toHaveURL(new RegExp(`/product/${newSlug}$`));
    await expect(page.getByRole('heading', { level: 1, name: `${product.title} renamed` })).toBeVisible();

    // The redirects screen lists it as automatic.
    await openAdmin(page, '/admin/redirects');
    await page.getByRole('searchbox', { name: 'Search redirects' }).fill(product.slug);
    const row = page.getByRole('row').filter({ hasText: `/product/${product.slug}` }).filter({ hasText: `/product/${newSlug}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Automatic');
    await expect(row.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  } finally {
    await api.remove(`/api/products/${product.id}`);
  }
});

test('manual redirects: add with inline errors, edit, follow, delete', async ({ adminPage: page, request }) => {
  const from = `/promo-${Date.now().toString(36)}`;
  await openAdmin(page, '/admin/products');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Redirects' }).click();
  await expect(page.getByRole('heading', { name: 'Redirects' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add redirect' });

  // Refused in the form, beside the field, with no alert.
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected dialog: ${dialog.message()}`);
  });
  await form.getByLabel('From').fill('/api/anything');
  await form.getByLabel('To').fill('/about');
  await form.getByRole('button', { name: 'Add Redirect' }).click();
  await expect(form.getByText('must not start with /api, /admin, /assets or /uploads')).toBeVisible();
  await expect(form.getByLabel('From')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('From').fill(from);
  await form.getByLabel('To').fill('/about');
  await form.getByRole('button', { name: 'Add Redirect' }).click();
  await page.getByRole('searchbox', { name: 'Search redirects' }).fill(from);
  const row = page.getByRole('row').filter({ hasText: from });
  await expect(row).toContainText('/about');
  await expect(row).toContainText('Manual');
  await expect(form.getByLabel('From')).toHaveValue('');

  // The same address twice: the server's 409 lands on the From field.
  await form.getByLabel('From').fill(from);
  await form.getByLabel('To').fill('/');
  await form.getByRole('button', { name: 'Add Redirect' }).click();
  await expect(form.getByText('a redirect from this address already exists')).toBeVisible();

  let answer = await request.get(from, { maxRedirects: 0 });
  expect(answer.status()).toBe(301);
  expect(answer.headers().location).toBe('/about');

  await row.getByRole('button', { name: `Edit ${from}` }).click();
  const edit = page.getByRole('form', { name: 'Edit redirect' });
  await edit.getByLabel('To').fill('/');
  await edit.getByLabel('Type').selectOption('302');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(row).toContainText('302');
  answer = await request.get(from, { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toBe('/');
  await page.goto(from);
  await expect(page).toHaveURL(/\/$/);

  await openAdmin(page, '/admin/redirects');
  await page.getByRole('searchbox', { name: 'Search redirects' }).fill(from);
  await page.getByRole('row').filter({ hasText: from }).getByRole('button', { name: `Delete ${from}` }).click();
  await page.getByRole('dialog', { name: 'Delete Redirect' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row').filter({ hasText: from })).toHaveCount(0);
  expect((await request.get(from, { maxRedirects: 0 })).status()).toBe(404);
});

