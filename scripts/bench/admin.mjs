// Time from navigation to the first rows of the admin product and subscriber
// lists, in Debian's Chromium through playwright-core (skipped without it).
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function adminListTimes(port, token) {
  if (!fs.existsSync(CHROMIUM)) return null;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const context = await browser.newContext();
    await context.addInitScript((value) => {
      globalThis.localStorage.setItem('admin-token', value);
      globalThis.localStorage.setItem('admin-auth', 'true');
    }, token);
    const page = await context.newPage();
    const times = {};
    for (const [name, path] of [['products', '/admin/products'], ['subscribers', '/admin/subscribers']]) {
      // Warm the browser cache of the admin bundle once, as a returning admin has it.
      await page.goto(`http://127.0.0.1:${port}${path}`);
      await page.locator('tbody tr').first().waitFor();
      const t0 = Date.now();
      await page.goto(`http://127.0.0.1:${port}${path}`);
      await page.locator('tbody tr').first().waitFor();
      times[name] = Date.now() - t0;
      times[`${name}Rows`] = await page.locator('tbody tr').count();
    }
    return times;
  } finally {
    await browser.close();
  }
}
