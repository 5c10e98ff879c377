import { axeViolations, describeViolation } from '../axe-violations';
import { expect, openAdmin, test } from './fixtures';

const screens = ['/admin/homepage', '/admin/about', '/admin/categories', '/admin/categories/new', '/admin/products', '/admin/products/new', '/admin/pages', '/admin/pages/new', '/admin/navigation', '/admin/forms', '/admin/subscribers', '/admin/theme', '/admin/security', '/admin/activity', '/admin/import-export', '/admin/integrations', '/admin/attributes'];

test('the login screen has no axe violations', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  expect((await axeViolations(page)).map(describeViolation)).toEqual([]);
});

for (const path of screens) {
  test(`${path} has no axe violations`, async ({ adminPage: page }) => {
    await openAdmin(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
    expect((await axeViolations(page)).map(describeViolation)).toEqual([]);
  });
}

test('on a phone-sized screen no admin page scrolls sideways', async ({ adminPage: page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of screens) {
    // The sidebar folds behind its Menu button here.
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // Collapsed sections too: their editors are the widest part.
    for (const toggle of await page.locator('.adm-section__toggle[aria-expanded="false"]').all().then((found) => found.reverse())) await toggle.click();
    // Wide tables scroll inside their own wrapper, never the page.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  // The Menu button opens the sidebar, and choosing a screen folds it again.
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
});
