// Time from navigation to the first rows of the admin product and subscriber
// lists (median of five loads with a warm cache), in Debian's Chromium through
// playwright-core (skipped without it).
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
      // The page itself notes when the first row is added (ms since navigation started): polling
      // from outside would round the figure up to the poll's next step (Playwright's waitFor
      // checks at 0, 20, 50, 100, 100 ms, then every 500 ms).
      new globalThis.MutationObserver((_, observer) => {
        if (!globalThis.document.querySelector('tbody tr')) return;
        globalThis.__firstRowAt = performance.now();
        observer.disconnect();
      }).observe(globalThis.document, { childList: true, subtree: true });
    }, token);
    const page = await context.newPage();
    const times = {};
    for (const [name, path] of [['products', '/admin/products'], ['subscribers', '/admin/subscribers']]) {
      // Warm the browser cache of the admin bundle once, as a returning admin has it.
      await page.goto(`http://127.0.0.1:${port}${path}`);
      await page.locator('tbody tr').first().waitFor();
      const runs = [];
      for (let i = 0; i < 5; i += 1) {
        await page.goto(`http://127.0.0.1:${port}${path}`);
        await page.locator('tbody tr').first().waitFor();
        runs.push(await page.evaluate(() => globalThis.__firstRowAt));
      }
      // The median of five loads, from the start of navigation to the first row in the page.
      times[name] = runs.sort((a, b) => a - b)[2];
      times[`${name}Rows`] = await page.locator('tbody tr').count();
    }
    return times;
  } finally {
    await browser.close();
  }
}
