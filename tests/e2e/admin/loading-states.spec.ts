import type { Page } from '@playwright/test';
import type { Category, Product } from '../../../src/shared/schemas';
import { expect, test } from './fixtures';

/** Issue 24: on a slow link every admin screen shows that it is loading, never a blank page. */

/** Holds back the answers matching `pattern` until the returned release is called. */
async function holdBack(page: Page, pattern: RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return release;
}

const busy = (page: Page) => page.locator('[role="status"][aria-busy="true"]').filter({ hasText: /Loading/ });

test('the admin page says Loading... before its script runs and while the session is checked', async ({ adminPage: page }) => {
  const releaseScripts = await holdBack(page, /\/assets\/[^/]+\.js$/);
  await page.goto('/admin/products', { waitUntil: 'commit' });
  await expect(busy(page)).toBeVisible();
  await expect(busy(page)).toHaveText('Loading...');

  const releaseCheck = await holdBack(page, /\/api\/auth\/verify$/);
  releaseScripts();
  // The script runs, the session check is still on its way: still a loading screen, not a blank one.
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  await expect(busy(page)).toBeVisible();
  releaseCheck();
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await expect(busy(page)).toHaveCount(0);
});

test('every admin screen shows a busy Loading state while its data is held back', async ({ adminPage: page, api }) => {
  test.setTimeout(90_000);
  const [product] = await api.get<Product[]>('/api/products?limit=1');
  const [category] = await api.get<Category[]>('/api/categories?limit=1');
  const screens: Array<[path: string, heading: string]> = [
    ['/admin/homepage', 'Homepage Hero'],
    ['/admin/about', 'About Page'],
    ['/admin/products', 'Products'],
    ['/admin/products/new', 'Add New Product'],
    [`/admin/products/${product!.id}`, 'Edit Product'],
    ['/admin/categories', 'Categories'],
    [`/admin/categories/${category!.id}`, 'Edit Category'],
    ['/admin/pages', 'Pages'],
    ['/admin/navigation', 'Navigation'],
    ['/admin/forms', 'Forms'],
    ['/admin/subscribers', 'Newsletter Subscribers'],
    ['/admin/theme', 'Theme Settings'],
    ['/admin/site', 'Site Settings'],
    ['/admin/media', 'Media'],
    ['/admin/security', 'Security'],
    ['/admin/activity', 'Activity'],
    ['/admin/redirects', 'Redirects'],
    ['/admin/integrations', 'Integrations'],
  ];
  for (const [path, heading] of screens) {
    await test.step(path, async () => {
      // Everything but the session check: the screen's own reads are what a slow link delays.
      const release = await holdBack(page, /\/api\/(?!auth\/verify$)/);
      await page.goto(path);
      await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
      await expect(busy(page).first()).toBeVisible();
      release();
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(busy(page)).toHaveCount(0);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
  }
});
