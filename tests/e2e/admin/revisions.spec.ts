import type { Category } from '../../../src/shared/schemas';
import { categoryInput, expect, openAdmin, test, unique } from './fixtures';

// The restore question is the admin's own dialog: a browser dialog fails the test.
test.beforeEach(({ page }) => {
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected browser dialog: ${dialog.message()}`);
  });
});

test('restoring a revision over unsaved changes asks in a dialog: Esc and Cancel keep the edits, Restore restores', async ({ adminPage: page, api }) => {
  const input = categoryInput(unique('Revised'));
  const category = await api.createCategory(input);
  try {
    await api.put(`/api/categories/${category.id}`, { ...input, description: 'The second version' });
    await openAdmin(page, `/admin/categories/${category.id}`);
    const content = page.getByRole('region', { name: 'Content' });
    await expect(content.getByLabel('Description')).toHaveValue('The second version');
    await content.getByLabel('Description').fill('Typed but not saved');

    const revisions = page.getByRole('region', { name: 'Revisions' });
    await revisions.getByRole('button', { name: 'Revisions' }).click();
    await expect(revisions.getByRole('listitem')).toHaveCount(2);
    const restore = revisions.getByRole('listitem').last().getByRole('button', { name: 'Restore' });
    const dialog = page.getByRole('dialog', { name: 'Restore Revision' });

    // Focus moves into the dialog; Esc cancels and gives the focus back to the button pressed.
    await restore.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Restoring also replaces your unsaved changes in the form.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(restore).toBeFocused();
    await expect(content.getByLabel('Description')).toHaveValue('Typed but not saved');

    await restore.press('Enter');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(restore).toBeFocused();
    await expect(content.getByLabel('Description')).toHaveValue('Typed but not saved');
    expect((await api.get<Category>(`/api/categories/${category.id}`)).description).toBe('The second version');

    await restore.click();
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Content' }).getByLabel('Description')).toHaveValue(input.description);
    expect((await api.get<Category>(`/api/categories/${category.id}`)).description).toBe(input.description);
  } finally {
    await api.remove(`/api/categories/${category.id}`);
  }
});

test('a restore first shows what would change, the current value beside the old one, and asks', async ({ adminPage: page, api }) => {
  const input = categoryInput(unique('Previewed Restore'));
  const category = await api.createCategory(input);
  try {
    await api.put(`/api/categories/${category.id}`, { ...input, description: 'Changed once', slug: `${input.slug}-moved` });
    await openAdmin(page, `/admin/categories/${category.id}`);
    const revisions = page.getByRole('region', { name: 'Revisions' });
    await revisions.getByRole('button', { name: 'Revisions' }).click();
    await revisions.getByRole('listitem').last().getByRole('button', { name: 'Restore' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore Revision' });
    await expect(dialog).toBeVisible();
    const table = dialog.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Field', 'Now', 'This version']);
    // Only what differs; the address is not among it (a restore keeps it).
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row', { name: /Description/ }).getByRole('cell')).toHaveText(['Changed once', input.description]);
    expect((await api.get<Category>(`/api/categories/${category.id}`)).description).toBe('Changed once');

    await dialog.getByRole('button', { name: 'Restore this version' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Content' }).getByLabel('Description')).toHaveValue(input.description);
    const restored = await api.get<Category>(`/api/categories/${category.id}`);
    expect(restored).toMatchObject({ description: input.description, slug: `${input.slug}-moved` });
  } finally {
    await api.remove(`/api/categories/${category.id}`);
  }
});
