import { expect, test } from '@playwright/test';
import { BRAND_TAGLINE, HEADER_HEIGHT_PX, byOrder } from '../../../src/shared/constants';
import type { Category, Product } from '../../../src/shared/schemas';
import { adminToken, collectErrors, createCategory, createProduct, expectAfterWrite, expectPageMatchesApi, menuDetails, menuToggle, openNavLink, serveTestMedia, waitForHydration } from './support';

test.beforeEach(async ({ page }) => {
  await serveTestMedia(page);
});

test('header: Home, one link per category by order, About, social links in new tabs; no Admin link for visitors', async ({ page, request }) => {
  await createCategory(request);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expectPageMatchesApi<Category[]>(page, request, '/', '/api/categories', async (data) => {
    const categories = [...data].sort(byOrder);
    // The row, then the "More" menu for what does not fit (header.spec.ts): every link once, in order.
    const links = nav.locator('.site-nav__list a, .site-nav__more-list a');
    expect(await links.allTextContents()).toEqual(['Home', ...categories.map((c) => c.title), 'About']);
    expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual([
      '/',
      ...categories.map((c) => `/category/${c.slug}`),
      '/about',
    ]);
  });
  await expect(nav.locator('a[href="/admin"]')).toHaveCount(0);
  const social = nav.locator('.site-nav__social a');
  await expect(social).toHaveCount(2);
  for (const link of await social.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  const header = page.locator('.site-header');
  await expect(header).toHaveCSS('position', 'fixed');
  expect((await header.boundingBox())?.height).toBe(HEADER_HEIGHT_PX);
});

test('footer: Navigation, Categories, the first 3 products, copyright year and tagline', async ({ page, request }) => {
  const footer = page.locator('footer');
  await expectPageMatchesApi<Category[]>(page, request, '/about', '/api/categories', async (data) => {
    const titles = [...data].sort(byOrder).map((c) => c.title);
    expect(await footer.getByRole('navigation', { name: 'Categories' }).getByRole('link').allTextContents()).toEqual(titles);
  });
  await expectPageMatchesApi<Product[]>(page, request, '/about', '/api/products', async (data) => {
    const first = [...data].sort(byOrder).slice(0, 3);
    const latest = footer.getByRole('navigation', { name: 'Latest Products' }).getByRole('link');
    expect(await latest.allTextContents()).toEqual(first.map((p) => p.title));
    expect(await latest.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(first.map((p) => `/product/${p.slug}`));
  });
  const navigation = footer.getByRole('navigation', { name: 'Navigation' });
  await expect(navigation.getByRole('link')).toHaveText(['Home', 'About', 'YouTube', 'Instagram']);
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(footer).toContainText(BRAND_TAGLINE);
});

test('the Admin link appears for a verified administrator only', async ({ page, request }) => {
  const token = await adminToken(request);
  await page.addInitScript((value) => {
    window.localStorage.setItem('admin-token', value);
    window.localStorage.setItem('admin-auth', 'true');
  }, token);
  await page.goto('/');
  // Last in the header: in the row, or in "More" when the categories fill the row.
  const admin = page.getByRole('navigation', { name: 'Main' }).locator('a', { hasText: /^Admin$/ });
  await expect(admin).toHaveAttribute('href', '/admin');

  // A stored token that does not verify shows no Admin link.
  const other = await page.context().browser()!.newContext();
  const visitor = await other.newPage();
  await visitor.addInitScript(() => {
    window.localStorage.setItem('admin-token', 'not-a-real-token');
    window.localStorage.setItem('admin-auth', 'true');
  });
  const verified = visitor.waitForResponse('**/api/auth/verify');
  await visitor.goto('/');
  expect((await verified).status()).toBe(401);
  await expect(visitor.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(visitor.locator('a[href="/admin"]')).toHaveCount(0);
  await other.close();
});

test('mobile menu: a keyboard-usable toggle, its state the details\' own', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await waitForHydration(page);
  const toggle = menuToggle(page);
  const menu = menuDetails(page);
  const about = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' });
  await expect(toggle).toHaveAttribute('aria-label', 'Menu');
  await expect(menu).not.toHaveAttribute('open');
  await expect(about).toBeHidden();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('open');
  await expect(about).toBeVisible();
  await page.keyboard.press('Space');
  await expect(about).toBeHidden();
  await page.keyboard.press('Enter');
  await about.click();
  await expect(page).toHaveURL(/\/about$/);
  // Navigating closes the menu.
  await expect(menu).not.toHaveAttribute('open');

  // Escape from inside the open menu closes it and returns focus to the toggle.
  await toggle.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();
  await expect(toggle).toBeFocused();

  // A press outside the header closes it too.
  await toggle.click();
  await expect(about).toBeVisible();
  await page.mouse.click(180, 600);
  await expect(menu).not.toHaveAttribute('open');

  // Following a menu link by keyboard: the menu closes and focus lands on the new page, not on a hidden link.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('main#main')).toBeFocused();
});

test('client navigation keeps the page (no full reload), scrolls to the top, updates the head, and goes back and forward', async ({ page, request }) => {
  const category = await createCategory(request);
  await createProduct(request, { categories: [category.id] });
  const errors = collectErrors(page);
  // The header's categories come with the first page and are kept while navigating: that page must show the new one.
  await expectAfterWrite(page, '/', () => expect(page.locator(`header a[href="/category/${category.slug}"]`).first()).toBeAttached({ timeout: 1000 }));
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await page.locator('footer').getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page).toHaveTitle('About | Showcase');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/about$/);

  await openNavLink(page, category.title);
  await expect(page.getByRole('heading', { name: `Browse ${category.title}` })).toBeVisible();
  await expect(page).toHaveTitle(`${category.title} | Showcase`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', category.description);

  // Back and forward show the pages again, still in the same document.
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page).toHaveTitle('About | Showcase');
  await page.goForward();
  await expect(page.getByRole('heading', { name: `Browse ${category.title}` })).toBeVisible();
  await expect(page).toHaveTitle(`${category.title} | Showcase`);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

test('every public page has a title, a meta description and a canonical URL in its first response', async ({ request }) => {
  const category = await createCategory(request);
  const product = await createProduct(request, { categories: [category.id] });
  const pages = [
    ['/', /\| Showcase|Showcase \|/],
    ['/about', /^About \| Showcase$/],
    [`/category/${category.slug}`, new RegExp(`^${category.title} \\| Showcase$`)],
    [`/product/${product.slug}`, new RegExp(`^${product.title} \\| Showcase$`)],
    ['/missing-page', /^Page Not Found \| Showcase$/],
  ] as const;
  for (const [path, title] of pages) {
    const html = await (await request.get(path)).text();
    expect(/<title>([^<]+)<\/title>/.exec(html)?.[1], path).toMatch(title);
    expect(html, path).toMatch(/<meta name="description" content="[^"]+">/);
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    // A not-found page is one kept page for every made-up address (decision 051): noindex, no address of its own.
    if (path === '/missing-page') {
      expect(canonical, path).toBeUndefined();
      expect(html, path).toContain('<meta name="robots" content="noindex">');
    } else expect(canonical, path).toMatch(new RegExp(`^https?://[^/]+${path.replace(/[/]/g, '\\/')}$`));
  }
});

test('leaving a not-found page (served without a canonical link) gives the next page its canonical URL', async ({ page }) => {
  await page.goto('/missing-page');
  await waitForHydration(page);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/$/);
});
