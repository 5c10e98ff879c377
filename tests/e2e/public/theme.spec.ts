import { expect, test } from '@playwright/test';
import { computeShades } from '../../../src/shared/theme-shades';
import type { Theme } from '../../../src/shared/schemas';
import { getData, saveTheme, serveTestMedia } from './support';

test('the first HTML response carries the theme shades; they apply without JavaScript', async ({ browser, request }) => {
  const theme = await getData<Theme>(request, '/api/theme');
  const html = await (await request.get('/')).text();
  const style = /<style id="theme-variables">([^<]*)<\/style>/.exec(html)?.[1] ?? '';
  const shades = computeShades(theme.primaryColor);
  for (const name of [50, 100, 600, 700] as const) expect(style).toContain(`--color-primary-${name}:${shades[name]}`);
  // In <head>, after the stylesheet (written inline, whose defaults it overrides): no flash of the default colour.
  const sheet = html.indexOf('<style>');
  expect(sheet).toBeGreaterThan(0);
  expect(html.indexOf('id="theme-variables"')).toBeGreaterThan(sheet);
  expect(html.indexOf('id="theme-variables"')).toBeLessThan(html.indexOf('</head>'));

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const value = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary-600').trim());
  expect(value).toBe(shades[600]);
  // Server-rendered content is all there without JavaScript.
  await expect(page.locator('footer')).toContainText('Learning Platform');
  await context.close();
});

test('a new primary colour reaches the next page load; the newsletter image follows the theme', async ({ page, request }) => {
  await serveTestMedia(page);
  const before = await getData<Theme>(request, '/api/theme');
  try {
    await saveTheme(request, { primaryColor: '#9d174d', newsletterImage: 'https://media.e2e.test/newsletter.png' });
    await page.goto('/');
    const shades = computeShades('#9d174d');
    const root = await page.evaluate(() => ({
      50: getComputedStyle(document.documentElement).getPropertyValue('--color-primary-50').trim(),
      700: getComputedStyle(document.documentElement).getPropertyValue('--color-primary-700').trim(),
    }));
    expect(root).toEqual({ 50: shades[50], 700: shades[700] });
    await expect(page.locator('.newsletter__image')).toHaveAttribute('src', 'https://media.e2e.test/newsletter.png');

    await saveTheme(request, { primaryColor: '#9d174d', newsletterImage: '' });
    await page.reload();
    const src = await page.locator('.newsletter__image').getAttribute('src');
    expect(src).not.toContain('media.e2e.test');
    await page.locator('.newsletter__image').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.newsletter__image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  } finally {
    await saveTheme(request, before);
  }
});
