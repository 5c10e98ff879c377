import AxeBuilder from '@axe-core/playwright';
import { expect, openAdmin, test } from './fixtures';

const screens = ['/admin/homepage', '/admin/about', '/admin/categories', '/admin/categories/new', '/admin/products', '/admin/products/new', '/admin/subscribers', '/admin/theme'];

test('the login screen has no axe violations', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
});

for (const path of screens) {
  test(`${path} has no axe violations`, async ({ adminPage: page }) => {
    await openAdmin(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
