import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, visitAfterWrite, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct, aTag } from '../helpers/factories';

const BASE = 'https://shop.example.com';

/** Server rendering of a catalogue larger than one page, and the render cache in front of it. */
describe('pages of a catalogue and the render cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: BASE }, { web: true });
    const category = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'design', title: 'Design' }) })).json().data;
    const other = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'video', title: 'Video' }) })).json().data;
    const red = (await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title: 'Red' }) })).json().data;
    const big = (await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title: 'Big' }) })).json().data;
    // A tag no product carries.
    await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title: 'Rare' }) });
    for (let i = 0; i < 30; i++) {
      const tags = [...(i % 2 === 0 ? [red.id] : []), ...(i % 3 === 0 ? [big.id] : [])];
      const categories = [category.id, ...(i < 3 ? [other.id] : [])];
      const response = await t.asAdmin({
        method: 'POST',
        url: '/api/products',
        payload: aProduct({ slug: `item-${String(i).padStart(2, '0')}`, title: `Item ${String(i).padStart(2, '0')}`, order: i, tags, categories }),
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const hydration = (html: string) => JSON.parse(/<script type="application\/json" id="showcase-hydration">(.*?)<\/script>/s.exec(html)![1]!);
  const cardTitles = (html: string) => [...html.matchAll(/class="product-card__title">([^<]*)</g)].map((match) => match[1]);

  it('homepage: two products per category, and no other product in the page or its data', async () => {
    const html = (await get('/')).body;
    expect(html).toMatch(/Latest (<!-- -->)?Design/);
    expect(cardTitles(html)).toEqual(['Item 00', 'Item 01', 'Item 00', 'Item 01']);
    const data = hydration(html).loaderData;
    expect(JSON.stringify(data)).not.toContain('item-05');
    // Footer: the first 3 products.
    const latest = (data.root.navigation.footer as { heading: string; links: { href: string }[] }[]).find((column) => column.heading === 'Latest Products')!;
    expect(latest.links.map((link) => link.href)).toEqual(['/product/item-00', '/product/item-01', '/product/item-02']);
  });

  it('category: the first 24 products server-rendered, with a real next link, rel=next and a self-canonical', async () => {
    const html = (await get('/category/design')).body;
    expect(cardTitles(html)).toEqual(Array.from({ length: 24 }, (_, i) => `Item ${String(i).padStart(2, '0')}`));
    expect(html).toMatch(/<a class="pager__link pager__link--next" rel="next" href="\/category\/design\?page=2">Next page<\/a>/);
    expect(html).toContain(`<link rel="next" href="${BASE}/category/design?page=2">`);
    expect(html).not.toContain('rel="prev"');
    expect(html).toContain(`<link rel="canonical" href="${BASE}/category/design"`);
    const data = hydration(html).loaderData;
    const page = Object.values(data).find((value) => (value as { products?: unknown }).products) as { products: object[]; nextCursor: string };
    expect(page.products).toHaveLength(24);
    expect(Object.keys(page.products[0]!).sort()).toEqual(['duration', 'id', 'mainImage', 'priceText', 'slug', 'title']);
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it('category page 2: the rest, rel=prev back to the first page, its own canonical, no next', async () => {
    const html = (await get('/category/design?page=2')).body;
    expect(cardTitles(html)).toEqual(['Item 24', 'Item 25', 'Item 26', 'Item 27', 'Item 28', 'Item 29']);
    expect(html).toContain('rel="prev" href="/category/design"');
    expect(html).toContain(`<link rel="prev" href="${BASE}/category/design">`);
    expect(html).not.toContain('rel="next"');
    expect(html).toContain(`<link rel="canonical" href="${BASE}/category/design?page=2"`);
    expect(html).toContain('<title>Design (page 2) | Showcase</title>');
  });

  it('category: a page past the end leads to the last one', async () => {
    const response = await get('/category/design?page=9');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/category/design?page=2');
  });

  it('category: selected tags live in the URL, server-rendered with the chips pressed (AND)', async () => {
    const html = (await get('/category/design?tags=red,big')).body;
    // Multiples of 6 carry both tags.
    expect(cardTitles(html)).toEqual(['Item 00', 'Item 06', 'Item 12', 'Item 18', 'Item 24']);
    expect(html).toMatch(/<a href="\/category\/design\?tags=red#results" role="button" class="chip chip--toggle" aria-pressed="true"[^>]*>Big<\/a>/);
    expect(html).toMatch(/<a href="\/category\/design\?tags=big#results" role="button" class="chip chip--toggle" aria-pressed="true"[^>]*>Red<\/a>/);
    expect(html).toContain(`<link rel="canonical" href="${BASE}/category/design?tags=big,red"`);
    const none = (await get('/category/video?tags=red,big&page=1')).body;
    expect(cardTitles(none)).toEqual(['Item 00']);
    // A selection no product can match: the empty state.
    const empty = await get('/category/design?tags=rare');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('No products match the selected tags.');
    expect(empty.body).toContain('Join our newsletter');
  });

  it('serves parameters the page does not read, and other spellings of the same selection, from one cache entry', async () => {
    const plain = await get('/product/item-03');
    const renders = t.app.renderCache.stats.renders;
    for (const url of ['/product/item-03?utm_source=abc', '/product/item-03?fbclid=xyz&utm_medium=mail', '/product/item-03?junk=' + 'x'.repeat(200), '/product/item-03/']) {
      const response = await get(url);
      expect(response.body, url).toBe(plain.body);
      expect(response.headers.etag, url).toBe(plain.headers.etag);
    }
    expect(t.app.renderCache.stats.renders).toBe(renders);

    const filtered = await get('/category/design?tags=big,red');
    const afterFiltered = t.app.renderCache.stats.renders;
    for (const url of ['/category/design?tags=red,big', '/category/design?page=1&tags=red,big&utm_campaign=x', '/category/design?tags=big,red,red']) {
      expect((await get(url)).body, url).toBe(filtered.body);
    }
    expect(t.app.renderCache.stats.renders).toBe(afterFiltered);
  });

  it('after a write: one fresh render for a burst of visitors, each served the previous or the new page', async () => {
    const before = (await get('/about')).body;
    const renders = t.app.renderCache.stats.renders;
    await t.asAdmin({ method: 'PUT', url: '/api/about', payload: { heroConfig: { title: 'Fresh about title' }, content: '<p>New</p>' } });
    const burst = await Promise.all(Array.from({ length: 25 }, () => get('/about')));
    expect(t.app.renderCache.stats.renders).toBe(renders + 1);
    for (const response of burst) {
      expect(response.statusCode).toBe(200);
      expect([before, 'fresh']).toContain(response.body.includes('Fresh about title') ? 'fresh' : response.body);
    }
    // Visitors may have been answered with the previous page while the fresh
    // render was still running (on a slow database it outlasts the stale wait).
    expect((await visitAfterWrite(t.app, '/about')).body).toContain('Fresh about title');
    expect(t.app.renderCache.stats.renders).toBe(renders + 1);
  });
});
