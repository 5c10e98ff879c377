import type { Theme } from '../../../src/shared/schemas';
import { expect, failApi, openAdmin, pngFile, test } from './fixtures';
import { editorWorkTests, editors } from './editor-work-cases';

test('theme: hex rules, live preview, save persists, then the original theme is restored', async ({ adminPage: page, api }) => {
  const original = await api.get<Theme>('/api/theme');
  await openAdmin(page, '/admin/theme');
  await expect(page.getByRole('heading', { name: 'Theme Settings' })).toBeVisible();
  const colors = page.getByRole('region', { name: 'Color Settings' });
  const hex = colors.getByLabel('Primary Color hex value');
  await expect(hex).toHaveAttribute('maxlength', '7');

  await hex.fill('#12');
  await expect(colors.getByRole('alert')).toHaveText('Please enter a valid hex color (e.g., #FF5733)');
  await hex.fill('#12345G');
  await expect(colors.getByRole('alert')).toHaveText('Please enter a valid hex color (e.g., #FF5733)');
  // A dark blue close to the default, so public accessibility checks running meanwhile still see enough contrast.
  const next = original.primaryColor.toLowerCase() === '#1d4ed8' ? '#1e40af' : '#1d4ed8';
  await hex.fill(next.toUpperCase());
  await expect(colors.getByRole('alert')).toHaveCount(0);
  await expect(colors.getByLabel('Primary Color', { exact: true })).toHaveValue(next);
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(next.slice(start, start + 2), 16));
  await expect(colors.getByText('Solid Button')).toHaveCSS('background-color', `rgb(${r}, ${g}, ${b})`);
  await expect(colors.getByText('Outlined Button')).toHaveCSS('border-top-color', `rgb(${r}, ${g}, ${b})`);

  const newsletter = page.getByRole('region', { name: 'Newsletter Settings' });
  await expect(newsletter.getByText('Image displayed in the newsletter subscription section')).toBeVisible();
  await newsletter.getByLabel('Newsletter Image', { exact: true }).setInputFiles(await pngFile('newsletter.png', [20, 120, 200]));
  const image = newsletter.getByRole('img', { name: 'Newsletter Image preview' });
  await expect(image).not.toHaveAttribute('src', original.newsletterImage ?? '');
  await expect(image).toHaveAttribute('src', /^\/uploads\//);
  const imageUrl = (await image.getAttribute('src'))!;

  try {
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(2);
    await page.getByRole('button', { name: 'Save' }).last().click();
    await expect(page.getByRole('button', { name: 'Saved' })).toHaveCount(2);
    await page.reload();
    await expect(page.getByLabel('Primary Color hex value')).toHaveValue(next.toUpperCase());
    await expect(page.getByRole('img', { name: 'Newsletter Image preview' })).toHaveAttribute('src', imageUrl);
  } finally {
    await api.put('/api/theme', original);
  }
});

test('a failed theme save shows "Failed to save theme"', async ({ adminPage: page }) => {
  await openAdmin(page, '/admin/theme');
  await failApi(page, '**/api/theme', 'PUT', 500, 'Internal server error');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByRole('alert')).toHaveText('Failed to save theme');
});

// Issue 24: kept drafts and "Reload and keep my changes" on this editor too.
editorWorkTests(editors.theme);
