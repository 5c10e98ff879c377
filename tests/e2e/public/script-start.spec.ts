import { expect, test, type Page } from '@playwright/test';
import { collectErrors, createProduct, detailedPicture, MEDIA_HOST, serveTestMedia, unique, waitForHydration } from './support';

/**
 * A page with a hero starts its scripts once the hero is painted (decision 048): on a phone's slow
 * link the picture does not share it with the script, yet every page still hydrates.
 */

/** The entry script's address; the whole stylesheet shares its name, not its `.js` (decision 077). */
const ENTRY_SCRIPT = /\/assets\/entry-client-[\w-]+\.js$/;
const isEntry = (url: string) => ENTRY_SCRIPT.test(url);

async function heroProduct(page: Page, request: Parameters<typeof createProduct>[0]) {
  const image = `${unique('hero')}.png`;
  const product = await createProduct(request, { mainImage: `${MEDIA_HOST}/${image}` });
  await serveTestMedia(page);
  return { product, imageUrl: `${MEDIA_HOST}/${image}` };
}

test('a page with a hero asks for its scripts only after the hero is painted, then hydrates', async ({ page, request }) => {
  const { product, imageUrl } = await heroProduct(page, request);
  const picture = await detailedPicture();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(imageUrl, async (route) => {
    await held;
    await route.fulfill({ body: picture, contentType: 'image/jpeg', headers: { 'timing-allow-origin': '*' } });
  });
  const entryRequests: string[] = [];
  page.on('request', (request) => {
    if (isEntry(request.url())) entryRequests.push(request.url());
  });
  const errors = collectErrors(page);

  await page.goto(`/product/${product.slug}`, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('.hero__image')).toBeAttached();
  // While the hero is on its way, the page is the server's HTML and asks for no script.
  await page.waitForTimeout(600);
  expect(entryRequests).toEqual([]);

  release();
  await waitForHydration(page);
  expect(entryRequests).toHaveLength(1);
  const order = await page.evaluate(
    (entryScript) =>
      new Promise<{ hero: number; entry: number }>((resolve) => {
        new PerformanceObserver((list) => {
          const paints = list.getEntries() as (PerformanceEntry & { element: Element | null })[];
          const hero = paints.find((paint) => paint.element?.classList.contains('hero__image'));
          // The script, not the whole stylesheet of the same name, which loads beside the hero unapplied (decision 077).
          const entry = performance.getEntriesByType('resource').find((resource) => new RegExp(entryScript).test(resource.name));
          resolve({ hero: hero?.startTime ?? -1, entry: entry?.startTime ?? -1 });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
    ENTRY_SCRIPT.source,
  );
  expect(order.hero).toBeGreaterThan(0);
  expect(order.entry).toBeGreaterThanOrEqual(order.hero);
  expect(errors).toEqual([]);
});

test('a hero that fails to load does not keep the page from hydrating', async ({ page, request }) => {
  const { product, imageUrl } = await heroProduct(page, request);
  await page.route(imageUrl, (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);
});

test('a page without a hero starts its scripts at once', async ({ page }) => {
  const entryRequested = page.waitForRequest((request) => isEntry(request.url()));
  await page.goto('/search?q=nothing-matches-this-query', { waitUntil: 'commit' });
  await entryRequested;
  await waitForHydration(page);
});
