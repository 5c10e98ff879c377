import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';
import { imageForm, noisyJpeg, waitForVariants } from '../helpers/media';
import { jsonLdBlocks, parseHead, type ParsedHead } from '../helpers/head';

const BASE = 'https://shop.example.com';
const HOSTILE_TITLE = '</script><script>alert(1)</script>';
const VARIANT_TEST_MS = 120_000;

/** Title tags, descriptions, canonical URLs, social cards and JSON-LD of the served pages. */
describe(`page heads for search engines and social cards (${testDatabaseKind})`, () => {
  let t: TestApp;
  let cover: { id: string; url: string };

  const page = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    return { html: response.body, head: parseHead(response.body) };
  };

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: BASE, MEDIA_WORKERS: '1' }, { web: true });
    const upload = await t.asAdmin({ method: 'POST', url: '/api/homepage/upload', payload: imageForm('file', await noisyJpeg(1300, 700), 'cover.jpg') });
    expect(upload.statusCode).toBe(200);
    cover = upload.json().data;
    const category = await t.asAdmin({
      method: 'POST',
      url: '/api/categories',
      payload: aCategory({ slug: 'design', title: 'Design', seoTitle: 'Design courses online', seoDescription: 'Learn design from scratch.' }),
    });
    expect(category.statusCode).toBe(201);
    const categories = [category.json().data.id];
    for (const payload of [
      aProduct({ slug: 'logo-basics', title: 'Logo Basics', mainImage: cover.url, categories, seoTitle: 'Logos, the basics', seoDescription: 'A short course on logos.' }),
      aProduct({ slug: 'hostile', title: HOSTILE_TITLE, description: `<p>${HOSTILE_TITLE.replace(/</g, '&lt;')} &amp; more</p>`, categories }),
    ]) {
      const response = await t.asAdmin({ method: 'POST', url: '/api/products', payload });
      expect(response.statusCode, response.body).toBe(201);
    }
    await waitForVariants(t, 110_000);
  }, VARIANT_TEST_MS);
  afterAll(async () => t.close());

  /** The tags every public page carries, with absolute URLs. */
  const expectCard = (head: ParsedHead, path: string) => {
    expect(head.title).not.toBe('');
    expect(head.meta.description).toBeTruthy();
    expect(head.canonical).toBe(`${BASE}${path}`);
    expect(head.meta['og:title']).toBeTruthy();
    expect(head.meta['og:description']).toBe(head.meta.description);
    expect(head.meta['og:url']).toBe(head.canonical);
    expect(['website', 'article']).toContain(head.meta['og:type']);
    expect(head.meta['og:site_name']).toBe('Showcase');
    expect(head.meta['og:image']).toMatch(new RegExp(`^${BASE}/`));
    expect(head.meta['og:image:width']).toBe('1200');
    expect(head.meta['og:image:height']).toBe('630');
    expect(head.meta['twitter:card']).toBe('summary_large_image');
  };

  it('gives every public page a title, description, canonical URL, Open Graph tags and a large Twitter card', async () => {
    for (const path of ['/', '/about', '/category/design', '/product/logo-basics', '/product/hostile']) {
      expectCard((await page(path)).head, path);
    }
  });

  it('describes the home page as the Organization and the WebSite with its search', async () => {
    const { head } = await page('/');
    expect(head.meta['og:type']).toBe('website');
    const blocks = jsonLdBlocks(head);
    const organization = blocks.find((block) => block['@type'] === 'Organization');
    expect(organization).toMatchObject({ '@context': 'https://schema.org', name: 'Showcase', url: `${BASE}/` });
    expect(organization!.sameAs).toEqual(['https://www.youtube.com/', 'https://www.instagram.com/']);
    const site = blocks.find((block) => block['@type'] === 'WebSite');
    expect(site).toMatchObject({ name: 'Showcase', url: `${BASE}/` });
    expect(site!.potentialAction).toEqual({
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${BASE}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    });
  });

  it('uses a category\'s SEO title and description, and lists its trail and products', async () => {
    const { head } = await page('/category/design');
    expect(head.title).toBe('Design courses online | Showcase');
    expect(head.meta['og:title']).toBe('Design courses online');
    expect(head.meta.description).toBe('Learn design from scratch.');
    const blocks = jsonLdBlocks(head);
    expect(blocks.find((block) => block['@type'] === 'BreadcrumbList')!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${BASE}/` },
      { '@type': 'ListItem', position: 2, name: 'Design', item: `${BASE}/category/design` },
    ]);
    const list = blocks.find((block) => block['@type'] === 'ItemList')!;
    expect(list.itemListElement.map((item: { url: string }) => item.url).sort()).toEqual([`${BASE}/product/hostile`, `${BASE}/product/logo-basics`]);
    expect(list.itemListElement.map((item: { position: number }) => item.position)).toEqual([1, 2]);
  });

  it('describes a product as a Course with its picture card, trail and buy link as the offer', async () => {
    const { head } = await page('/product/logo-basics');
    expect(head.title).toBe('Logos, the basics | Showcase');
    expect(head.meta['og:title']).toBe('Logos, the basics');
    expect(head.meta.description).toBe('A short course on logos.');
    expect(head.meta['og:type']).toBe('article');
    // Its own picture: the 1200×630 crop the media library made.
    expect(head.meta['og:image']).toMatch(new RegExp(`^${BASE}${cover.url.replace('.jpg', '')}-og[^"]*\\.jpg$`));
    const card = await t.app.inject({ url: head.meta['og:image']!.slice(BASE.length) });
    expect(card.statusCode).toBe(200);
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });
    const blocks = jsonLdBlocks(head);
    expect(blocks.find((block) => block['@type'] === 'BreadcrumbList')!.itemListElement.map((item: { name: string }) => item.name)).toEqual([
      'Home',
      'Design',
      'Logo Basics',
    ]);
    const course = blocks.find((block) => block['@type'] === 'Course')!;
    expect(course).toMatchObject({
      name: 'Logo Basics',
      description: 'A short course on logos.',
      url: `${BASE}/product/logo-basics`,
      provider: { '@type': 'Organization', name: 'Showcase' },
      offers: { '@type': 'Offer', url: 'https://shop.example.com/buy' },
    });
    expect(course.image[0]).toBe(head.meta['og:image']);
    // No price known: none is claimed.
    expect(course.offers.price).toBeUndefined();
  });

  it('keeps a title that tries to close the script element inside the JSON-LD, and in the head as text', async () => {
    const { html, head } = await page('/product/hostile');
    for (const text of head.jsonLdText) {
      expect(text).not.toContain('<');
      expect(text).not.toContain('>');
    }
    // Only the page's own scripts (JSON-LD, router state, the client bundle): none was opened by the title.
    expect(html.match(/<script\b(?![^>]*type="module")/g)).toHaveLength(head.jsonLdText.length + 1);
    expect(html).not.toContain('<script>alert(1)');
    expect(head.title).toBe(`${HOSTILE_TITLE} | Showcase`);
    expect(head.meta['og:title']).toBe(HOSTILE_TITLE);
    const course = jsonLdBlocks(head).find((block) => block['@type'] === 'Course')!;
    expect(course.name).toBe(HOSTILE_TITLE);
    expect(course.description).toBe(`${HOSTILE_TITLE} & more`);
  });

  it('serves the default share image, made from the site name and theme colour, as a 1200×630 PNG', async () => {
    const { head } = await page('/about');
    const url = head.meta['og:image']!;
    expect(url).toMatch(new RegExp(`^${BASE}/share/default\\.png\\?v=\\w+$`));
    const response = await t.app.inject({ url: url.slice(BASE.length) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toContain('immutable');
    const picture = sharp(response.rawPayload);
    expect(await picture.metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    // Drawn in the theme colour (default #2563eb): the top-left corner.
    const { data } = await picture.extract({ left: 5, top: 5, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0x25, 0x63, 0xeb]);
    // An outdated version is answered with the current picture, revalidated.
    const old = await t.app.inject({ url: '/share/default.png?v=old' });
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe('public, no-cache');
  });

  it('uses the owner\'s default share image (its 1200×630 crop from the library) on pages without a picture of their own', async () => {
    const current = (await t.app.inject({ url: '/api/site-settings' })).json().data;
    const saved = await t.asAdmin({ method: 'PUT', url: '/api/site-settings', payload: { ...current, shareImage: cover.url } });
    expect(saved.statusCode).toBe(200);
    const { head } = await page('/about');
    expect(head.meta['og:image']).toMatch(new RegExp(`^${BASE}${cover.url.replace('.jpg', '')}-og[^"]*\\.jpg$`));
    expect(head.meta['og:image:width']).toBe('1200');
  });

  it('refuses SEO texts that are too long, naming the field, and clears them when blank', async () => {
    const created = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'too-long', seoTitle: 'x'.repeat(71) }) });
    expect(created.statusCode).toBe(400);
    expect(created.json().error).toBe('seoTitle: must be at most 70 characters');
    const category = await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'long', seoDescription: 'x'.repeat(201) }) });
    expect(category.statusCode).toBe(400);
    expect(category.json().error).toBe('seoDescription: must be at most 200 characters');
    const blank = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'blank-seo', seoTitle: '  ', seoDescription: '' }) });
    expect(blank.statusCode).toBe(201);
    expect(blank.json().data).toMatchObject({ seoTitle: null, seoDescription: null });
    expect((await page('/product/blank-seo')).head.title).toBe('Product blank-seo | Showcase');
  });
});
