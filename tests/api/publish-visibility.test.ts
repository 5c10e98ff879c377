import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, visitAfterWrite, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';

const BASE = 'https://shop.example.com';
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** Drafts and not-yet-due items, on every public surface and in the API, for visitors and for the admin. */
describe('drafts and scheduled items are invisible to visitors', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: BASE }, { web: true });
    const post = async (url: string, payload: object) => {
      const response = await t.asAdmin({ method: 'POST', url, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { id: string };
    };
    ids.live = (await post('/api/categories', aCategory({ slug: 'live-cat', title: 'Live Cat' }))).id;
    ids.hidden = (await post('/api/categories', aCategory({ slug: 'hidden-cat', title: 'Hidden Cat', status: 'draft' }))).id;
    ids.later = (await post('/api/categories', aCategory({ slug: 'later-cat', title: 'Later Cat', status: 'scheduled', publishAt: inMinutes(60) }))).id;
    const tag = await post('/api/tags', { title: 'Secret Tag' });
    const both = [ids.live!, ids.hidden!];
    await post('/api/products', aProduct({ slug: 'shown', title: 'Shown Product', categories: both, order: 1 }));
    await post('/api/products', aProduct({ slug: 'drafted', title: 'Drafted Product', categories: [ids.live], tags: [tag.id], status: 'draft', order: 0 }));
    await post('/api/products', aProduct({ slug: 'planned', title: 'Planned Product', categories: [ids.live], status: 'scheduled', publishAt: inMinutes(60), order: 2 }));
    await post('/api/products', aProduct({ slug: 'due-now', title: 'Due Product', categories: [ids.live], status: 'scheduled', publishAt: inMinutes(-1), order: 3 }));
    await post('/api/products', aProduct({ slug: 'only-hidden', title: 'Only In Hidden', categories: [ids.hidden], order: 4 }));
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const titles = (response: { json: () => { data: { title: string }[] } }) => response.json().data.map((item) => item.title);
  const HIDDEN = ['Drafted Product', 'Planned Product', 'Hidden Cat', 'Later Cat', 'drafted', 'planned', 'hidden-cat', 'later-cat'];
  const expectNoneHidden = (text: string) => {
    for (const word of HIDDEN) expect(text, word).not.toContain(word);
  };

  it('anonymous API lists: products, pages of products, search, category filter, categories, tags of a category', async () => {
    expect(titles(await get('/api/products'))).toEqual(['Shown Product', 'Due Product', 'Only In Hidden']);
    const page = await get('/api/products?limit=10');
    expect(titles(page)).toEqual(['Shown Product', 'Due Product', 'Only In Hidden']);
    expect(page.json().meta.total).toBe(3);
    expect(titles(await get('/api/products?q=product'))).toEqual(['Shown Product', 'Due Product']);
    expect(titles(await get('/api/products?category=live-cat'))).toEqual(['Shown Product', 'Due Product']);
    // A product of a hidden category appears under no hidden category.
    expect(titles(await get('/api/products?category=hidden-cat'))).toEqual([]);
    expect(titles(await get('/api/categories'))).toEqual(['Live Cat']);
    expect((await get('/api/categories?limit=10')).json().meta.total).toBe(1);
    expect((await get('/api/tags?category=live-cat')).json().data).toEqual([]);
  });

  it('anonymous API single reads answer 404 for drafts and items not due, by id and by slug', async () => {
    const all = (await t.asAdmin({ method: 'GET', url: '/api/products' })).json().data as { id: string; slug: string }[];
    for (const slug of ['drafted', 'planned']) {
      const product = all.find((p) => p.slug === slug)!;
      expect((await get(`/api/products/${product.id}`)).statusCode).toBe(404);
      expect((await get(`/api/products/slug/${slug}`)).statusCode).toBe(404);
    }
    for (const [slug, id] of [['hidden-cat', ids.hidden], ['later-cat', ids.later]]) {
      expect((await get(`/api/categories/${id}`)).statusCode).toBe(404);
      expect((await get(`/api/categories/slug/${slug}`)).statusCode).toBe(404);
    }
    const due = await get('/api/products/slug/due-now');
    expect(due.json().data).toMatchObject({ status: 'published', title: 'Due Product' });
  });

  it('with the admin token the API lists every item with status and publishAt, and filters by status', async () => {
    const products = (await t.asAdmin({ method: 'GET', url: '/api/products' })).json().data as { slug: string; status: string; publishAt: string | null }[];
    expect(products.map((p) => [p.slug, p.status])).toEqual([
      ['drafted', 'draft'],
      ['shown', 'published'],
      ['planned', 'scheduled'],
      ['due-now', 'published'],
      ['only-hidden', 'published'],
    ]);
    expect(products.find((p) => p.slug === 'planned')!.publishAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const only = async (url: string) => titles(await t.asAdmin({ method: 'GET', url }));
    expect(await only('/api/products?status=draft')).toEqual(['Drafted Product']);
    expect(await only('/api/products?status=scheduled')).toEqual(['Planned Product']);
    expect(await only('/api/products?status=published&limit=10')).toEqual(['Shown Product', 'Due Product', 'Only In Hidden']);
    expect(await only('/api/categories?status=draft')).toEqual(['Hidden Cat']);
    expect(await only('/api/categories?status=scheduled&limit=5')).toEqual(['Later Cat']);
    expect((await t.asAdmin({ method: 'GET', url: `/api/categories/${ids.hidden}` })).json().data.status).toBe('draft');
    // A visitor's status filter cannot widen the view: visitors get the published items whatever they ask.
    expect(titles(await get('/api/products?status=draft'))).toEqual(['Shown Product', 'Due Product', 'Only In Hidden']);
  });

  it('pages: drafts are 404, and no list, category, homepage section, footer or sitemap names them', async () => {
    expect((await get('/product/drafted')).statusCode).toBe(404);
    expect((await get('/product/planned')).statusCode).toBe(404);
    expect((await get('/category/hidden-cat')).statusCode).toBe(404);
    expect((await get('/category/later-cat')).statusCode).toBe(404);
    // A product of a draft category keeps its page, without a link to that category.
    const own = await get('/product/shown');
    expect(own.statusCode).toBe(200);
    expectNoneHidden(own.body);
    expect(own.body).not.toContain(ids.hidden);
    const home = await get('/');
    expect(home.body).toContain('Shown Product');
    expectNoneHidden(home.body);
    const category = await get('/category/live-cat');
    expect(category.body).toContain('Due Product');
    expectNoneHidden(category.body);
    expect(category.body).not.toContain('Secret Tag');
    const about = await get('/about');
    expectNoneHidden(about.body);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.body).toContain(`${BASE}/product/shown`);
    expectNoneHidden(sitemap.body);
  });

  it('a save without status keeps the status; scheduled needs publishAt', async () => {
    const drafted = (await t.asAdmin({ method: 'GET', url: '/api/products?status=draft' })).json().data[0];
    const { id, order: _order, status: _status, publishAt: _publishAt, ...fields } = drafted;
    const saved = await t.asAdmin({ method: 'PUT', url: `/api/products/${id}`, payload: { ...fields, title: 'Drafted Product' } });
    expect(saved.json().data.status).toBe('draft');
    const refused = await t.asAdmin({ method: 'PUT', url: `/api/products/${id}`, payload: { ...fields, status: 'scheduled' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/publishAt/);
    const bad = await t.asAdmin({ method: 'POST', url: '/api/categories', payload: { ...aCategory({ slug: 'odd' }), status: 'hidden' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/status/);
  });

  it('publishing a draft shows it on the cached pages as soon as their new render is ready', async () => {
    expect((await get('/category/live-cat')).body).not.toContain('Drafted Product');
    const drafted = (await t.asAdmin({ method: 'GET', url: '/api/products?status=draft' })).json().data[0];
    const { id, order: _order, publishAt: _publishAt, ...fields } = drafted;
    await t.asAdmin({ method: 'PUT', url: `/api/products/${id}`, payload: { ...fields, status: 'published' } });
    expect((await visitAfterWrite(t.app, '/category/live-cat')).body).toContain('Drafted Product');
    expect((await visitAfterWrite(t.app, '/product/drafted')).statusCode).toBe(200);
  });
});
