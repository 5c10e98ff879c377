import path from 'node:path';
import type { Theme } from '../../../src/shared/schemas';
import { expect, openAdmin, productInput, test, unique, uploadPicture } from './fixtures';

test("a product's hero editor says what visitors see first and shows it in a thumbnail", async ({ adminPage: page, api }) => {
  const product = await api.createProduct({ ...productInput(unique('First view')), mainImage: '/uploads/first-view-tile.png' });
  try {
    await openAdmin(page, `/admin/products/${product.id}`);
    const section = page.getByRole('region', { name: 'Hero' });
    await section.getByRole('button', { name: 'Hero', exact: true }).click();
    const thumbnail = section.getByTestId('hero-thumbnail');
    // An empty hero: the site shows the product's own tile image and title.
    await expect(section.getByText('Visitors see the item’s tile image.')).toBeVisible();
    await expect(thumbnail.locator('img')).toHaveAttribute('src', '/uploads/first-view-tile.png');
    await expect(thumbnail).toContainText(product.title);

    await uploadPicture(section, 'Hero Image', [90, 30, 140]);
    const heroImage = (await section.getByRole('img', { name: 'Hero Image preview' }).getAttribute('src'))!;
    await section.getByLabel('Loop Video', { exact: true }).setInputFiles(path.resolve('src/server/seed/assets/hero-loop.webm'));
    await expect(section.getByLabel('Loop Video preview')).toHaveAttribute('src', /^\/uploads\/.+\.webm$/);
    // The field names the file and its size; its only text box is for a video-site link, left empty.
    const loopField = section.locator('[data-drop-zone="Loop Video"]');
    await expect(loopField.locator('.adm-picture-facts__file')).toHaveText(/^hero-loop\.webm · \d+(\.\d)? (kB|MB)$/);
    await expect(loopField.getByRole('button', { name: 'Replace Loop Video' })).toBeVisible();
    await expect(loopField.getByRole('textbox')).toHaveCount(1);
    await expect(loopField.getByLabel('Loop Video video-site link')).toHaveValue('');
    await expect(
      section.getByText('Visitors see the hero image first; after 1 second the loop video plays. Visitors who ask for less motion keep the hero image.'),
    ).toBeVisible();
    await expect(thumbnail.locator('img')).toHaveAttribute('src', heroImage);
    await section.getByLabel('Title', { exact: true }).fill('Own hero title');
    await expect(thumbnail).toContainText('Own hero title');
  } finally {
    await api.remove(`/api/products/${product.id}`);
  }
});

test('the theme screen warns when no text colour reaches 4.5:1 on the primary colour', async ({ adminPage: page, api }) => {
  const original = await api.get<Theme>('/api/theme');
  await openAdmin(page, '/admin/theme');
  const colors = page.getByRole('region', { name: 'Color Settings' });
  const hex = colors.getByLabel('Primary Color hex value');
  const warning = colors.getByText(/can.t reach 4\.5:1 contrast/);
  // Pure red: neither white nor near-black reads at 4.5:1 on it. Not saved: only the form changes.
  await hex.fill('#FF0000');
  await expect(warning).toBeVisible();
  // A light yellow is fine: its buttons get near-black text.
  await hex.fill('#FDE047');
  await expect(warning).toHaveCount(0);
  await expect(colors.getByText('Solid Button')).toHaveCSS('color', 'rgb(15, 23, 42)');
  await hex.fill(original.primaryColor.toUpperCase());
  await expect(warning).toHaveCount(0);
});
