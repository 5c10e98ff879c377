import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { computeShades } from '../../../src/shared/theme-shades';
import type { Theme } from '../../../src/shared/schemas';
import { createCategory, createProduct, createTag, expectAfterWrite, getData, saveTheme, serveTestMedia, unique, waitForHydration } from './support';

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
    const shades = computeShades('#9d174d');
    await expectAfterWrite(page, '/', async () => {
      const root = await page.evaluate(() => ({
        50: getComputedStyle(document.documentElement).getPropertyValue('--color-primary-50').trim(),
        700: getComputedStyle(document.documentElement).getPropertyValue('--color-primary-700').trim(),
      }));
      expect(root).toEqual({ 50: shades[50], 700: shades[700] });
    }, { hydrate: false });
    await expect(page.locator('.newsletter__image')).toHaveAttribute('src', 'https://media.e2e.test/newsletter.png');

    await saveTheme(request, { primaryColor: '#9d174d', newsletterImage: '' });
    await expectAfterWrite(page, '/', async () => {
      expect(await page.locator('.newsletter__image').getAttribute('src')).not.toContain('media.e2e.test');
    }, { hydrate: false });
    await page.locator('.newsletter__image').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.newsletter__image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  } finally {
    await saveTheme(request, before);
  }
});

test('a light primary colour (#fde047): near-black button and chip text, readable links; axe colour-contrast passes', async ({ page, request }) => {
  test.setTimeout(90_000);
  await serveTestMedia(page);
  const tag = await createTag(request, unique('Contrast'));
  const category = await createCategory(request);
  const product = await createProduct(request, { categories: [category.id], tags: [tag.id] });
  const before = await getData<Theme>(request, '/api/theme');
  const yellow = computeShades('#fde047');
  try {
    await saveTheme(request, { ...before, primaryColor: '#fde047' });
    for (const path of ['/', `/product/${product.slug}`, `/category/${category.slug}?tags=${tag.slug}`]) {
      await expectAfterWrite(page, path, async () => {
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary-700').trim())).toBe(yellow[700]);
      });
      const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
      expect(results.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`)), path).toEqual([]);
      // The checks ran on real text: axe reports what passed too.
      expect(results.passes.length, path).toBeGreaterThan(0);
    }
    // The product page's own primary-coloured parts, on the yellow: dark text.
    await page.goto(`/product/${product.slug}`);
    await expect(page.getByRole('link', { name: 'Buy Now' })).toHaveCSS('color', 'rgb(15, 23, 42)');
    await expect(page.locator('.chip--category').first()).toHaveCSS('color', 'rgb(15, 23, 42)');
  } finally {
    await saveTheme(request, before);
  }
});

test('the focus ring is two-tone (dark and light), so it shows on a dark hero and on a light page; prose keeps a ~70-character measure', async ({ page, request }) => {
  await serveTestMedia(page);
  const product = await createProduct(request, { description: `<p>${'A comfortable line of text for reading. '.repeat(30)}</p>` });
  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);
  const buy = page.getByRole('link', { name: 'Buy Now' });
  await buy.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(buy).toBeFocused();
  await expect(buy).toHaveCSS('outline-color', 'rgb(15, 23, 42)');
  await expect(buy).toHaveCSS('outline-style', 'solid');
  await expect(buy).toHaveCSS('box-shadow', /rgb\(255, 255, 255\) 0px 0px 0px 6px/);

  // One column below 1024 px: the text column would be about 950 px wide without the limit.
  await page.setViewportSize({ width: 1000, height: 900 });
  const prose = page.locator('.product-page__description');
  const measure = await prose.evaluate((element) => {
    const probe = document.createElement('span');
    probe.textContent = '0'.repeat(70);
    element.append(probe);
    const seventy = probe.getBoundingClientRect().width;
    probe.remove();
    return { width: element.getBoundingClientRect().width, seventy };
  });
  expect(measure.width).toBeLessThanOrEqual(measure.seventy + 1);
  expect(measure.width).toBeGreaterThan(measure.seventy * 0.9);
});
