import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { byOrder } from '../../../src/shared/constants';
import type { Category } from '../../../src/shared/schemas';
import { createCategory, expectAfterWrite, getData, menuToggle, serveTestMedia, waitForHydration } from './support';

/** Real-length category names, as in the catalogue ("Branding", "Typography"...). */
const NAMES = ['Branding', 'Typography', 'Illustration', 'Motion Design', 'Photography', 'Web Design', 'UX Research', 'Lettering', 'Packaging', '3D Modeling', 'Color Theory', 'Print Design'];

/** At least 12 categories on the site (the other specs add theirs too); the header's expected links, in order. */
async function twelveCategories(request: APIRequestContext): Promise<string[]> {
  let categories = await getData<Category[]>(request, '/api/categories');
  for (const name of NAMES.slice(0, Math.max(0, 12 - categories.length))) await createCategory(request, { title: name });
  categories = await getData<Category[]>(request, '/api/categories');
  expect(categories.length).toBeGreaterThanOrEqual(12);
  return ['Home', ...[...categories].sort(byOrder).map((c) => c.title), 'About'];
}

type Box = { x: number; y: number; width: number; height: number };
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;
const overlap = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

// Many links measured on a shared 2-core machine: more time than the default.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await serveTestMedia(page);
});

/** Every row link and the "More" toggle, measured in one go: label, box, and whether its text is cut. */
type Measured = { label: string; box: Box; cut: boolean };
const measure = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { label: element.textContent ?? '', box: { x, y, width, height }, cut: element.scrollWidth > element.clientWidth + 0.5 };
    }),
  ) as Promise<Measured[]>;

for (const width of [1024, 1280]) {
  test(`at ${width} px with 12 categories every link is whole in the row or in "More", none clipped`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 800 });
    const viewport = { x: 0, y: 0, width, height: 800 };
    await expect(async () => {
      const expected = await twelveCategories(request);
      await page.goto('/');
      await waitForHydration(page);
      const nav = page.getByRole('navigation', { name: 'Main' });
      const bar = (await nav.locator('.site-nav__bar').boundingBox())!;
      const brand = (await page.locator('.site-header .brand').boundingBox())!;
      const social = (await nav.locator('.site-nav__social').boundingBox())!;
      const header = (await page.locator('.site-header').boundingBox())!;
      const rowArea = { ...bar, y: header.y, height: header.height };

      // Twelve categories don't fit beside the brand at these widths: the rest is in the menu.
      const row = await measure(page, '.site-nav__list a, .site-nav__more > summary');
      const toggle = row.pop()!;
      expect(toggle.label).toBe('More');
      for (const [index, link] of [...row, toggle].entries()) {
        expect(inside(link.box, rowArea) && inside(link.box, viewport) && !link.cut, `${link.label} whole in the row`).toBe(true);
        expect(overlap(link.box, brand) || overlap(link.box, social), `${link.label} clear of brand and social links`).toBe(false);
        for (const other of row.slice(0, index)) expect(overlap(link.box, other.box), `${link.label} clear of ${other.label}`).toBe(false);
      }

      await nav.locator('.site-nav__more > summary').click();
      const menu = nav.locator('.site-nav__more-list');
      await expect(menu).toBeVisible();
      const menuBox = (await menu.boundingBox())!;
      expect(inside(menuBox, viewport)).toBe(true);
      const items = await measure(page, '.site-nav__more-list a');
      // Inside the menu's box (it scrolls when long), not cut, within the window's width.
      for (const item of items) {
        expect(item.box.x >= menuBox.x && item.box.x + item.box.width <= menuBox.x + menuBox.width + 0.5 && !item.cut, `${item.label} whole in the menu`).toBe(true);
      }
      const last = menu.locator('a').last();
      await last.scrollIntoViewIfNeeded();
      await expect(last).toBeVisible();
      // Every link exactly once, in the site's order: the row, then the menu.
      expect([...row.map((link) => link.label), ...items.map((item) => item.label)]).toEqual(expected);
      expect(row.length).toBeGreaterThan(1);
    }).toPass({ timeout: 50_000 });
  });
}

test('at 768 px the menu toggle lists every link whole', async ({ page, request }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  const expected = await twelveCategories(request);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const links = nav.locator('.site-nav__list a');
  await expectAfterWrite(page, '/', async () => {
    await menuToggle(page).click();
    await expect(nav.locator('details.site-nav__more')).toBeHidden();
    // The menu was read after the categories: it may also list ones the other specs added since.
    const titles = await links.allTextContents();
    for (const title of expected) expect(titles).toContain(title);
  });
  const area = (await nav.boundingBox())!;
  for (const link of await links.all()) {
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeVisible();
    const box = (await link.boundingBox())!;
    const visible = (await nav.boundingBox()) ?? area;
    expect(inside(box, visible)).toBe(true);
    expect(await link.evaluate((a) => a.scrollWidth <= a.clientWidth + 0.5)).toBe(true);
  }
});

test('the row follows the window: narrower moves links to "More", wider brings them back, never clipped', async ({ page, request }) => {
  await twelveCategories(request);
  await page.setViewportSize({ width: 1600, height: 800 });
  await page.goto('/');
  await waitForHydration(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const rowCount = () => nav.locator('.site-nav__list a').count();
  const wide = await rowCount();
  await page.setViewportSize({ width: 1100, height: 800 });
  await expect.poll(rowCount).toBeLessThan(wide);
  const bar = (await nav.locator('.site-nav__bar').boundingBox())!;
  for (const link of await nav.locator('.site-nav__list a').all()) {
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(bar.x - 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(bar.x + bar.width + 0.5);
  }
  await page.setViewportSize({ width: 1600, height: 800 });
  await expect.poll(rowCount).toBe(wide);
});

test('"More" closes on Escape (focus back on it), on a click elsewhere and after following a link', async ({ page, request }) => {
  await twelveCategories(request);
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/');
  await waitForHydration(page);
  const more = page.locator('details.site-nav__more');
  const toggle = more.locator('summary');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('open', '');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(more).not.toHaveAttribute('open', '');
  await expect(toggle).toBeFocused();

  await toggle.click();
  await page.locator('main').click({ position: { x: 10, y: 300 } });
  await expect(more).not.toHaveAttribute('open', '');

  await toggle.click();
  await more.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(more).not.toHaveAttribute('open', '');
});

test('without JavaScript every link is reachable: whole in the row or in the "More" menu, which lists them all', async ({ browser, request }) => {
  const expected = await twelveCategories(request);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1024, height: 800 } });
  const page = await context.newPage();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expectAfterWrite(page, '/', async () => {
    const titles = await nav.locator('.site-nav__more-list a').allTextContents();
    for (const title of expected) expect(titles).toContain(title);
  }, { hydrate: false });
  const list = (await nav.locator('.site-nav__list').boundingBox())!;
  // Each row link is either wholly in the visible row or wholly out of it (wrapped onto the hidden line).
  for (const link of await nav.locator('.site-nav__list a').all()) {
    const box = (await link.boundingBox())!;
    const fully = inside(box, list);
    const outside = !overlap(box, list);
    expect(fully || outside, (await link.textContent()) ?? '').toBe(true);
  }
  await nav.locator('details.site-nav__more summary').click();
  const menu = await nav.locator('.site-nav__more-list a').allTextContents();
  for (const title of expected) expect(menu).toContain(title);
  await expect(nav.locator('.site-nav__more-list').getByRole('link', { name: 'About' })).toBeVisible();
  await context.close();
});
