import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, visitAfterWrite, type TestApp } from '../helpers/test-app';
import { imageForm, noisyJpeg, waitForVariants } from '../helpers/media';

/** The public pages draw stored images from the library: variants, size, alt text, preload. */
// Variants take seconds of CPU per image; on a busy machine more than the default 30 s.
const VARIANT_TEST_MS = 120_000;

describe(`images on public pages (${testDatabaseKind})`, () => {
  let t: TestApp;
  let hero: { id: string; url: string };
  let tile: { id: string; url: string };

  const upload = async (width: number, height: number, name: string) => {
    const response = await t.asAdmin({ method: 'POST', url: '/api/homepage/upload', payload: imageForm('file', await noisyJpeg(width, height), name) });
    expect(response.statusCode).toBe(200);
    return response.json().data as { id: string; url: string };
  };
  const page = async (url: string) => (await t.app.inject({ url })).body;
  const imgTag = (html: string, url: string) => new RegExp(`<img[^>]*src="${url}"[^>]*>`).exec(html)?.[0] ?? '';

  beforeAll(async () => {
    t = await startTestApp({ MEDIA_WORKERS: '1' }, { web: true });
    hero = await upload(1400, 700, 'hero.jpg');
    tile = await upload(800, 600, 'tile.jpg');
    await t.asAdmin({ method: 'PUT', url: '/api/homepage', payload: { title: 'Welcome', heroImage: hero.url } });
    const category = await t.asAdmin({ method: 'POST', url: '/api/categories', payload: { slug: 'art', title: 'Art', description: 'Art courses', tileImage: tile.url } });
    expect(category.statusCode).toBe(201);
  });
  afterAll(async () => t.close());

  it('serves the original with its size until the variants exist, then a <picture> with AVIF and WebP srcsets', async () => {
    const before = await page('/');
    expect(imgTag(before, hero.url)).toContain('width="1400" height="700"');
    await waitForVariants(t, 110_000);
    const html = await page('/');
    expect(html).toMatch(new RegExp(`<picture><source type="image/avif" srcSet="${hero.url.replace('.jpg', '')}-w320\\.avif 320w`));
    expect(html).toContain('type="image/webp"');
    const heroImg = imgTag(html, hero.url);
    expect(heroImg).toContain('width="1400" height="700"');
    expect(heroImg).toContain('fetchPriority="high"');
    expect(heroImg).toContain('loading="eager"');
    expect(heroImg).toContain(`${hero.url} 1400w`);
    // The hero covers a box at least clamp(360px, 62vh, 640px) tall: on a phone, taller than the
    // image's 2:1 shape, so the file is picked for the width it shows at that height.
    const heroSizes = 'max(100vw, calc(2.000 * clamp(360px, 62vh, 640px) + 4px))';
    expect(heroImg).toContain(`sizes="${heroSizes}"`);
    // The hero is preloaded from the head, for the same width; the tile below it loads lazily.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`imagesizes="${heroSizes}" type="image/avif" fetchpriority="high">`);
    expect(head).toMatch(/<link rel="preload" as="image" href="[^"]+" imagesrcset="[^"]+-w320\.avif 320w[^"]*" imagesizes="[^"]+" type="image\/avif" fetchpriority="high">/);
    // The link preview: the 1200×630 crop around the (default, centre) focal point.
    expect(head).toMatch(new RegExp(`<meta property="og:image" content="http://[^"]+${hero.url.replace('.jpg', '')}-og500x500\\.jpg"><meta property="og:image:width" content="1200">`));
    const tileImg = imgTag(html, tile.url);
    expect(tileImg).toContain('loading="lazy"');
    expect(tileImg).toContain('decoding="async"');
    expect(tileImg).toContain('width="800" height="600"');
  }, VARIANT_TEST_MS);

  it('prints the alt text saved in the library on every page that shows the image, and an empty alt once decorative', async () => {
    expect(imgTag(await page('/'), tile.url)).toContain('alt=""');
    const saved = await t.asAdmin({ method: 'PATCH', url: `/api/media/${tile.id}`, payload: { alt: 'Brushes & "paint" on a table' } });
    expect(saved.statusCode).toBe(200);
    const tileOnHome = async () => imgTag((await visitAfterWrite(t.app, '/')).body, tile.url);
    expect(await tileOnHome()).toContain('alt="Brushes &amp; &quot;paint&quot; on a table"');

    await t.asAdmin({ method: 'PATCH', url: `/api/media/${tile.id}`, payload: { decorative: true } });
    expect(await tileOnHome()).toContain('alt=""');
  }, VARIANT_TEST_MS);

  it('answers the facts of stored images to visitors for pages opened in the browser', async () => {
    const response = await t.app.inject({ url: `/api/media/info?url=${encodeURIComponent(hero.url)}&url=${encodeURIComponent('/uploads/unknown.png')}` });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(Object.keys(data)).toEqual([hero.url]);
    expect(data[hero.url]).toMatchObject({ w: 1400, h: 700, alt: '', s: { avif: expect.arrayContaining([320, 640]) } });
  }, VARIANT_TEST_MS);
});
