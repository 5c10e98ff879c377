import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { imageForm, noisyJpeg, waitForVariants } from '../helpers/media';
import { aProduct } from '../helpers/factories';

// Variants take seconds of CPU per image; on a busy machine more than the default 30 s.
const VARIANT_TEST_MS = 120_000;

/** A finished variant batch drops only the cached pages that draw those images (issue 25). */
describe(`cached pages after new image renditions (${testDatabaseKind})`, () => {
  let t: TestApp;
  let shown: { id: string; url: string };
  let other: { id: string; url: string };

  const upload = async (name: string) => {
    const response = await t.asAdmin({ method: 'POST', url: '/api/upload/image', payload: imageForm('image', await noisyJpeg(900, 600), name) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: string; url: string };
  };
  const page = async (url: string) => (await t.app.inject({ url })).body;
  const renders = () => t.app.renderCache.stats.renders;

  beforeAll(async () => {
    t = await startTestApp({ MEDIA_WORKERS: '1' }, { web: true });
    shown = await upload('shown.jpg');
    other = await upload('other.jpg');
    await waitForVariants(t, 110_000);
    for (const [slug, image] of [['with-shown', shown], ['with-other', other]] as const) {
      const created = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug, mainImage: image.url, status: 'published' }) });
      expect(created.statusCode, created.body).toBe(201);
    }
  }, VARIANT_TEST_MS);
  afterAll(async () => t.close());

  it('renders again the page drawing the image whose renditions were made, and keeps every other cached page', async () => {
    // The image lost its renditions (as before a first run) and waits outside the queue meanwhile.
    const { db } = t.app.ctx;
    await db.updateTable('media').set({ variants: '[]', variants_status: 'failed' }).where('id', '=', shown.id).execute();

    const before = await page('/product/with-shown');
    expect(before).toContain(shown.url);
    expect(before).not.toContain('-w320.avif');
    const untouched = ['/product/with-other', '/about', '/'];
    for (const url of untouched) expect(await page(url)).not.toContain(shown.url);
    // All four cached: asked again, none is rendered.
    const cached = renders();
    for (const url of ['/product/with-shown', ...untouched]) await page(url);
    expect(renders()).toBe(cached);

    // The real queue and encoder make its renditions; the finished batch drops the pages that draw it.
    await db.updateTable('media').set({ variants_status: 'pending', variants_attempts: 0 }).where('id', '=', shown.id).execute();
    t.app.ctx.mediaVariants.nudge();
    await waitForVariants(t, 110_000);
    await expect.poll(async () => (await page('/product/with-shown')).includes('-w320.avif'), { timeout: 10_000 }).toBe(true);
    // One render for the page that draws the image (served stale at most once meanwhile), none for the others.
    expect(renders()).toBe(cached + 1);
    for (const url of untouched) await page(url);
    expect(renders()).toBe(cached + 1);
    expect(await page('/product/with-shown')).toContain(`${shown.url.replace('.jpg', '')}-w320.avif 320w`);
  }, VARIANT_TEST_MS);

  it('marks no page for an image no page draws', async () => {
    const cache = t.app.renderCache;
    for (const url of ['/product/with-other', '/about']) await page(url);
    const cached = renders();
    expect(cache.dropPagesShowing(['/uploads/nothing-draws-this.jpg'])).toBe(0);
    expect(cache.dropPagesShowing([other.url])).toBeGreaterThanOrEqual(1);
    await page('/about');
    expect(renders()).toBe(cached);
    await page('/product/with-other');
    expect(renders()).toBe(cached + 1);
  });
});
