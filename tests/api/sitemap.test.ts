import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';

const BASE = 'https://shop.example.com';
/** URLs per sitemap file in this test, so the index appears with a handful of products. */
const MAX_URLS = 4;

const locs = (xml: string) => [...xml.matchAll(/<url><loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
const urlBlock = (xml: string, loc: string) => new RegExp(`<url><loc>${loc.replace(/[.?*+^$()[\]{}|\\/]/g, '\\$&')}</loc>(.*?)</url>`).exec(xml)?.[1];

/** Sitemap and robots (issue 13): lastmod on every URL, product images, an index past the URL limit. */
describe('sitemap and robots', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: BASE }, { web: true, sitemapMaxUrls: MAX_URLS });
    const category = await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'design' }) });
    expect(category.statusCode, category.body).toBe(201);
    const product = await t.asAdmin({
      method: 'POST',
      url: '/api/products',
      payload: aProduct({ slug: 'logo', gallery: [{ url: '/uploads/logo-2.jpg', order: 1 }, { url: 'https://cdn.example.net/a&b.jpg', order: 0 }] }),
    });
    expect(product.statusCode, product.body).toBe(201);
    const draft = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'secret', status: 'draft' }) });
    expect(draft.statusCode, draft.body).toBe(201);
  });
  afterAll(async () => t.close());

  it('lists every public page with its lastmod; product images as absolute URLs; no drafts', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = response.body;
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">');
    expect(locs(xml)).toEqual([`${BASE}/`, `${BASE}/about`, `${BASE}/category/design`, `${BASE}/product/logo`]);
    expect(xml).not.toContain('secret');
    for (const loc of locs(xml)) expect(urlBlock(xml, loc), loc).toMatch(/^<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z<\/lastmod>/);
    const product = (await t.asAdmin({ method: 'GET', url: '/api/products/slug/logo' })).json().data as { id: string };
    expect(product.id).toBeTruthy();
    expect(urlBlock(xml, `${BASE}/product/logo`)).toContain(
      `<image:image><image:loc>${BASE}/uploads/logo.jpg</image:loc></image:image>` +
        `<image:image><image:loc>https://cdn.example.net/a&amp;b.jpg</image:loc></image:image>` +
        `<image:image><image:loc>${BASE}/uploads/logo-2.jpg</image:loc></image:image>`,
    );
    expect(urlBlock(xml, `${BASE}/category/design`)).not.toContain('image:image');
  });

  it('lastmod follows a save: the home page takes its hero save time, a product its own', async () => {
    const before = urlBlock((await get('/sitemap.xml')).body, `${BASE}/product/logo`)!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const product = (await t.asAdmin({ method: 'GET', url: '/api/products/slug/logo' })).json().data as { id: string };
    const saved = await t.asAdmin({ method: 'PUT', url: `/api/products/${product.id}`, payload: aProduct({ slug: 'logo', title: 'Logo, again' }) });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = urlBlock((await get('/sitemap.xml')).body, `${BASE}/product/logo`)!;
    const lastmod = (block: string) => /<lastmod>([^<]*)<\/lastmod>/.exec(block)![1]!;
    expect(lastmod(after) > lastmod(before)).toBe(true);

    const hero = await t.asAdmin({ method: 'GET', url: '/api/homepage' });
    const put = await t.asAdmin({ method: 'PUT', url: '/api/homepage', payload: hero.json().data });
    expect(put.statusCode, put.body).toBe(200);
    const home = lastmod(urlBlock((await get('/sitemap.xml')).body, `${BASE}/`)!);
    expect(home >= lastmod(after)).toBe(true);
  });

  it(`past ${MAX_URLS} URLs /sitemap.xml becomes an index of /sitemap-N.xml files that hold every page once`, async () => {
    for (const slug of ['p-1', 'p-2', 'p-3', 'p-4']) {
      expect((await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug }) })).statusCode).toBe(201);
    }
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    // 2 pages + 1 category + 5 products = 8 URLs: two files of 4.
    expect(index.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        `  <sitemap><loc>${BASE}/sitemap-1.xml</loc></sitemap>\n  <sitemap><loc>${BASE}/sitemap-2.xml</loc></sitemap>\n</sitemapindex>\n`,
    );
    const first = await get('/sitemap-1.xml');
    const second = await get('/sitemap-2.xml');
    expect(first.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('application/xml; charset=utf-8');
    const all = [...locs(first.body), ...locs(second.body)];
    expect(locs(first.body)).toHaveLength(4);
    expect(all).toHaveLength(8);
    expect(new Set(all).size).toBe(8);
    expect(all).toEqual(expect.arrayContaining([`${BASE}/`, `${BASE}/about`, `${BASE}/category/design`, `${BASE}/product/logo`, `${BASE}/product/p-4`]));
    for (const url of ['/sitemap-3.xml', '/sitemap-0.xml', '/sitemap-x.xml']) expect((await get(url)).statusCode, url).toBe(404);
  });

  it('robots.txt names the sitemap', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /admin');
  });
});
