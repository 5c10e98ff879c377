import type { SiteSettings } from '../../../src/shared/schemas/site-settings';
import { expect, openAdmin, test, unique } from './fixtures';
import { editorWorkTests, editors } from './editor-work-cases';

test('site settings: change the name and a social link, see them on the public site, with the card preview', async ({ adminPage: page, api }) => {
  const original = await api.get<SiteSettings>('/api/site-settings');
  await openAdmin(page, '/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Site settings' }).click();
  await expect(page.getByRole('heading', { name: 'Site Settings' })).toBeVisible();
  const name = unique('Atelier');

  try {
    await page.getByLabel('Site Name').fill(name);
    // The default share card's preview follows the name as it is typed.
    const preview = page.getByRole('figure', { name: 'Social card preview' });
    await expect(preview).toBeVisible();
    await expect(preview).toContainText(name);

    const links = page.getByRole('region', { name: 'Social Links' });
    await links.getByRole('textbox', { name: 'YouTube Link' }).fill('http://insecure.example.com/channel');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(links.getByRole('alert')).toHaveText('must be an https:// URL');
    await links.getByRole('textbox', { name: 'YouTube Link' }).fill('https://www.youtube.com/@atelier-e2e');
    await links.getByRole('button', { name: 'Add Social Link' }).click();
    await links.getByLabel('Network 3').selectOption({ label: 'GitHub' });
    await links.getByRole('textbox', { name: 'GitHub Link' }).fill('https://github.com/atelier-e2e');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByRole('button', { name: 'Saved' }).first()).toBeVisible();

    await page.goto('/about');
    await expect(page).toHaveTitle(`About | ${name}`);
    await expect(page.getByRole('banner').locator('.brand__name')).toHaveText(name);
    await expect(page.getByRole('contentinfo')).toContainText(`${name}. All rights reserved.`);
    await expect(page.getByRole('link', { name: 'YouTube (opens in a new tab)' })).toHaveAttribute('href', 'https://www.youtube.com/@atelier-e2e');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'GitHub' })).toHaveAttribute('href', 'https://github.com/atelier-e2e');
    await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute('content', name);

    // Client navigation keeps the head in step: title, card and structured data of the new page.
    await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /\/$/);
    const blocks = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '[]') as { '@type': string; name?: string }[];
    expect(blocks.find((block) => block['@type'] === 'Organization')?.name).toBe(name);
  } finally {
    await api.put('/api/site-settings', original);
  }
});

test('product form: SEO fields with a live social card preview', async ({ adminPage: page }) => {
  await openAdmin(page, '/admin/products/new');
  await page.getByRole('button', { name: 'Search & Social' }).click();
  const section = page.getByRole('region', { name: 'Search & Social' });
  await section.getByLabel('SEO Title').fill('A sharper title');
  await section.getByLabel('SEO Description').fill('What the card says.');
  const preview = section.getByRole('figure', { name: 'Social card preview' });
  await expect(preview).toContainText('A sharper title');
  await expect(preview).toContainText('What the card says.');
});

// Issue 24: kept drafts and "Reload and keep my changes" on this editor too.
editorWorkTests(editors.site);
