import { expect, test, type Page } from '@playwright/test';
import { collectErrors, createProduct, serveTestMedia, waitForHydration } from './support';

// One made-up word (letters and digits only, so it is one search word) shared by this spec's products.
const word = `srch${Date.now().toString(36)}`;
const titles: string[] = [];

const headerBox = (page: Page) => page.locator('.site-header').getByRole('combobox', { name: 'Search products' });
const resultTitles = (page: Page) => page.locator('.search-result__title');

test.describe('site search', () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeAll(async ({ request }) => {
    // 30 matches: more than one page of 24.
    for (let i = 0; i < 30; i += 1) {
      const product = await createProduct(request, { title: `Atelier ${word} ${String(i).padStart(2, '0')}`, description: `<p>Lesson ${i} of the ${word} series.</p>` });
      titles.push(product.title);
    }
  });

  test('without JavaScript: the header form searches, results are highlighted and paged by real links', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await serveTestMedia(page);
    await page.goto('/');
    const box = page.locator('.site-header input[name="q"]');
    await box.fill(word);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search results for “${word}”`);
    await expect(page).toHaveTitle(`Search results for “${word}” | Showcase`);
    await expect(page.getByText('30 products found')).toBeVisible();
    // Result pages stay out of search indexes; their links are followed.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
    await expect(resultTitles(page)).toHaveCount(24);
    await expect(resultTitles(page).first().locator('mark')).toHaveText(word);
    const first = await resultTitles(page).allTextContents();

    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}&page=2$`));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/search\\?q=${word}&page=2$`));
    await expect(resultTitles(page)).toHaveCount(6);
    const second = await resultTitles(page).allTextContents();
    // Every match once, over the two pages.
    expect([...first, ...second].sort()).toEqual([...titles].sort());
    await expect(page.getByRole('link', { name: 'Next page' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
    await context.close();
  });

  test('no match is still a page (200) that suggests the categories; no words shows the form', async ({ page }) => {
    const response = await page.goto(`/search?q=${word}nothing`);
    expect(response?.status()).toBe(200);
    await expect(page.getByText(`No products match “${word}nothing”.`)).toBeVisible();
    const categories = page.locator('.search-page__categories a');
    expect(await categories.count()).toBeGreaterThan(0);
    await expect(categories.first()).toHaveAttribute('href', /^\/category\/[a-z0-9-]+$/);

    const empty = await page.goto('/search');
    expect(empty?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
    await expect(page.locator('main').getByRole('searchbox', { name: 'Search products' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test('special characters are shown as typed and never break the page', async ({ page }) => {
    const errors = collectErrors(page);
    const q = `"<b>${word}</b>" -* %_ NOT`;
    const response = await page.goto(`/search?q=${encodeURIComponent(q)}`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search results for “${q}”`);
    // The markup in the words stays text: no <b> element was made from it.
    await expect(page.locator('h1 b')).toHaveCount(0);
    await expect(resultTitles(page)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('with JavaScript: suggestions while typing, chosen with the keyboard', async ({ page }) => {
    await serveTestMedia(page);
    const errors = collectErrors(page);
    await page.goto('/about');
    await waitForHydration(page);
    const box = headerBox(page);
    await box.pressSequentially(`${word} 0`, { delay: 30 });
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(list).toBeVisible();
    const options = list.getByRole('option');
    // "Atelier <word> 00" … "09": six suggestions, then "Show all".
    await expect(options).toHaveCount(7);
    await expect(options.last()).toHaveText('Show all 10 results');
    await expect(options.first().locator('mark').first()).toHaveText(word);
    await expect(box).toHaveAttribute('aria-expanded', 'true');

    await box.press('ArrowDown');
    await box.press('ArrowDown');
    const second = options.nth(1);
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);
    const chosen = (await second.locator('.header-search__option-title').textContent())!;
    await box.press('Enter');
    await expect(page).toHaveURL(/\/product\/e2e-product-/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen);

    // Escape closes the list; Enter then searches.
    await box.fill(word);
    await expect(options.last()).toHaveText('Show all 30 results');
    await box.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
    await expect(resultTitles(page)).toHaveCount(24);
    expect(errors).toEqual([]);
  });

  test('on a phone the box folds into an icon and the header does not overflow', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await serveTestMedia(page);
    await page.goto('/');
    await waitForHydration(page);
    const box = headerBox(page);
    await expect(box).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.locator('.site-header summary.header-search__toggle').click();
    await expect(box).toBeVisible();
    await expect(box).toBeFocused();
    const boxArea = await box.boundingBox();
    expect(boxArea!.x + boxArea!.width).toBeLessThanOrEqual(360);
    await box.pressSequentially(word, { delay: 30 });
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await box.press('Escape');
    await box.press('Escape');
    await expect(box).toBeHidden();
    await context.close();
  });
});
