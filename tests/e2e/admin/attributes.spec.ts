import { expect, expectSavedInEditor, openAdmin, productInput, test, unique } from './fixtures';

/** The owner's attributes (issue 28, decision 072): defined on their screen, given values in the product editor. */
test('attributes: add, edit and delete on their screen; a product gets its values in the editor', async ({ adminPage: page, api, request }) => {
  const name = unique('Level');
  const product = await api.createProduct(productInput(unique('With attributes')));
  await openAdmin(page, '/admin/attributes');
  const form = page.getByRole('form', { name: 'Add attribute' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Type').selectOption('choice');
  await form.getByLabel('Values').fill('Beginner\nAdvanced');
  await form.getByRole('button', { name: 'Add Attribute' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Beginner, Advanced');
  await expect(row).toContainText('Yes');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('form', { name: 'Edit attribute' });
  await edit.getByLabel('Values').fill('Beginner\nAdvanced\nExpert');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(row).toContainText('Beginner, Advanced, Expert');

  await openAdmin(page, `/admin/products/${product.id}`);
  const section = page.getByRole('region', { name: 'Attributes' });
  await section.getByLabel(name).selectOption('Expert');
  await page.getByRole('button', { name: 'Update' }).first().click();
  await expectSavedInEditor(page);
  const slug = (await (await request.get('/api/attributes')).json()).data.find((a: { name: string }) => a.name === name).slug as string;
  expect((await (await request.get(`/api/products/${product.id}`)).json()).data.attributes[slug]).toBe('Expert');

  await openAdmin(page, '/admin/attributes');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete Attribute' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  expect((await (await request.get(`/api/products/${product.id}`)).json()).data.attributes).toEqual({});
});
