import { openAdmin, test } from './fixtures';
test('shots', async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const path of ['/admin/homepage', '/admin/products', '/admin/products/new', '/admin/categories', '/admin/theme', '/admin/about', '/admin/subscribers']) {
    await openAdmin(page, path);
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shot-${path.replace(/\//g, '_')}.png`, fullPage: false });
  }
});
