import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct, aTag } from '../helpers/factories';

type Item = { id: string; [key: string]: unknown };
type PagedBody = { success: true; data: Item[]; meta: { nextCursor: string | null; total: number } };

/** Follows nextCursor from the first page to the last, as a client would. */
async function walk(get: (url: string) => Promise<{ statusCode: number; body: string; json: () => unknown }>, base: string, limit: number) {
  const pages: PagedBody[] = [];
  let cursor: string | null = null;
  do {
    const separator = base.includes('?') ? '&' : '?';
    const url = `${base}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await get(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    const body = response.json() as PagedBody;
    expect(Object.keys(body).sort()).toEqual(['data', 'meta', 'success']);
    expect(body.data.length).toBeLessThanOrEqual(limit);
    pages.push(body);
    cursor = body.meta.nextCursor;
    expect(pages.length).toBeLessThan(1000);
  } while (cursor !== null);
  return { pages, items: pages.flatMap((page) => page.data) };
}

describe('paged lists and filters', () => {
  let t: TestApp;
  const tagIds: Record<string, string> = {};
  const categoryIds: Record<string, string> = {};
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const admin = (url: string) => t.asAdmin({ method: 'GET', url });
  const whole = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'success']);
    return body.data as Item[];
  };
  const ids = (items: Item[]) => items.map((item) => item.id);

  beforeAll(async () => {
    t = await startTestApp();
    for (const slug of ['drawing', 'design', 'video']) {
      const response = await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug, order: 1 }) });
      categoryIds[slug] = response.json().data.id;
    }
    for (const title of ['Beginner', 'Advanced', 'Color Theory']) {
      const response = await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title }) });
      tagIds[title] = response.json().data.id;
    }
    // 45 products; orders repeat (i % 7) so ties must be broken the same way on every page.
    for (let i = 0; i < 45; i++) {
      const categories = [i % 3 === 0 ? categoryIds.drawing : categoryIds.design, ...(i % 5 === 0 ? [categoryIds.video] : [])];
      const tags = [...(i % 2 === 0 ? [tagIds.Beginner] : [tagIds.Advanced]), ...(i % 4 === 0 ? [tagIds['Color Theory']] : [])];
      const title = i % 9 === 0 ? `Watercolour ${i}` : `Course ${String(i).padStart(2, '0')}`;
      const response = await t.asAdmin({
        method: 'POST',
        url: '/api/products',
        payload: aProduct({ slug: `p-${i}`, title, order: i % 7, categories: categories as string[], tags: tags as string[] }),
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    for (let i = 0; i < 30; i++) {
      await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: `reader${i}@${i % 3 === 0 ? 'mail.example' : 'example.com'}` }, remoteAddress: `10.40.0.${i}` });
    }
  });
  afterAll(async () => t.close());

  it('products: without parameters the whole list, sorted by order with one answer for ties', async () => {
    const list = await whole('/api/products');
    expect(list).toHaveLength(45);
    const key = (item: Item) => [item.order as number, item.title as string, item.id];
    for (let i = 1; i < list.length; i++) {
      const [a, b] = [key(list[i - 1]!), key(list[i]!)];
      expect(a[0]! < b[0]! || (a[0] === b[0] && (a[1]! < b[1]! || (a[1] === b[1] && a[2]! < b[2]!)))).toBe(true);
    }
  });

  it('products: walking the pages gives the whole list once, in list order, with the total on every page', async () => {
    const list = await whole('/api/products');
    for (const limit of [1, 7, 20, 100]) {
      const { pages, items } = await walk(get, '/api/products', limit);
      expect(ids(items)).toEqual(ids(list));
      expect(new Set(ids(items)).size).toBe(items.length);
      expect(pages.length).toBe(Math.ceil(45 / limit));
      for (const page of pages) expect(page.meta.total).toBe(45);
      // A page carries whole products, as the list does.
      expect(items[0]).toEqual(list[0]);
    }
  });

  it('products: filters by category, tags (all of them) and title, with or without paging', async () => {
    const list = await whole('/api/products');
    const has = (item: Item, field: 'categories' | 'tags', id: string) => (item[field] as string[]).includes(id);
    const cases: [string, (item: Item) => boolean][] = [
      ['category=design', (p) => has(p, 'categories', categoryIds.design!)],
      ['tag=beginner', (p) => has(p, 'tags', tagIds.Beginner!)],
      ['tag=beginner&tag=color-theory', (p) => has(p, 'tags', tagIds.Beginner!) && has(p, 'tags', tagIds['Color Theory']!)],
      ['category=video&tag=color-theory', (p) => has(p, 'categories', categoryIds.video!) && has(p, 'tags', tagIds['Color Theory']!)],
      ['q=WATER', (p) => (p.title as string).toLowerCase().includes('water')],
      ['q=colour%203', (p) => (p.title as string).toLowerCase().includes('colour 3')],
      ['category=drawing&q=course', (p) => has(p, 'categories', categoryIds.drawing!) && (p.title as string).toLowerCase().includes('course')],
    ];
    for (const [query, keep] of cases) {
      const expected = ids(list.filter(keep));
      expect(expected.length, query).toBeGreaterThan(0);
      expect(ids(await whole(`/api/products?${query}`)), query).toEqual(expected);
      const { pages, items } = await walk(get, `/api/products?${query}`, 4);
      expect(ids(items), query).toEqual(expected);
      expect(pages[0]!.meta.total, query).toBe(expected.length);
    }
  });

  it('products: LIKE wildcards in q are taken literally', async () => {
    expect(await whole('/api/products?q=%25')).toEqual([]);
    expect(await whole('/api/products?q=_')).toEqual([]);
  });

  it('products: an unknown category or tag slug gives an empty list, not an error', async () => {
    for (const query of ['category=no-such-category', 'tag=no-such-tag', 'tag=beginner&tag=no-such-tag']) {
      expect(await whole(`/api/products?${query}`), query).toEqual([]);
      const paged = (await get(`/api/products?${query}&limit=10`)).json();
      expect(paged, query).toEqual({ success: true, data: [], meta: { nextCursor: null, total: 0 } });
    }
  });

  it('answers a bad limit, cursor or filter with 400 and the envelope naming it', async () => {
    const cases: [string, string][] = [
      ['/api/products?limit=0', 'limit'],
      ['/api/products?limit=101', 'limit'],
      ['/api/products?limit=abc', 'limit'],
      ['/api/products?limit=2.5', 'limit'],
      ['/api/products?limit=-1', 'limit'],
      ['/api/products?limit=10&cursor=not-a-cursor', 'cursor'],
      ['/api/products?limit=10&cursor=' + Buffer.from('{"a":1}').toString('base64url'), 'cursor'],
      ['/api/products?category=Not%20A%20Slug', 'category'],
      ['/api/products?category=', 'category'],
      ['/api/products?tag=UPPER', 'tag'],
      ['/api/products?tag=ok&tag=bad%20one', 'tag'],
      ['/api/products?q=' + 'x'.repeat(201), 'q'],
      ['/api/categories?limit=1000', 'limit'],
      ['/api/categories?limit=5&cursor=%25%25', 'cursor'],
      ['/api/tags?limit=0', 'limit'],
      ['/api/tags?category=Bad!', 'category'],
    ];
    for (const [url, field] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      const body = response.json();
      expect(body.success, url).toBe(false);
      expect(body.error, url).toMatch(new RegExp(`^${field}\\b`));
    }
    const subscribers = await admin('/api/newsletter/subscribers?limit=500');
    expect(subscribers.statusCode).toBe(400);
    expect(subscribers.json().error).toMatch(/^limit\b/);
  });

  it("refuses another list's cursor", async () => {
    const tagsPage = (await get('/api/tags?limit=1')).json() as PagedBody;
    expect(tagsPage.meta.nextCursor).not.toBeNull();
    const response = await get(`/api/products?limit=5&cursor=${tagsPage.meta.nextCursor}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^cursor\b/);
  });

  it('ignores parameters it does not read (utm_*, fbclid)', async () => {
    expect(ids(await whole('/api/products?utm_source=mail&fbclid=xyz'))).toEqual(ids(await whole('/api/products')));
  });

  it('categories and tags: the walk is the whole list', async () => {
    for (const [url, limit] of [['/api/categories', 2], ['/api/tags', 1], ['/api/tags', 2]] as const) {
      const list = await whole(url);
      const { items, pages } = await walk(get, url, limit);
      expect(ids(items), url).toEqual(ids(list));
      expect(pages[0]!.meta.total).toBe(list.length);
    }
  });

  it('tags: filtered to those a category uses', async () => {
    const products = await whole('/api/products?category=video');
    const used = new Set(products.flatMap((p) => p.tags as string[]));
    const tags = await whole('/api/tags?category=video');
    expect(new Set(ids(tags))).toEqual(used);
    expect(await whole('/api/tags?category=nothing-here')).toEqual([]);
  });

  it('subscribers: admin only, newest first, paged and searchable by e-mail', async () => {
    expect((await get('/api/newsletter/subscribers?limit=5')).statusCode).toBe(401);
    const listResponse = await admin('/api/newsletter/subscribers');
    const list = listResponse.json().data as { id: string; email: string; createdAt: string }[];
    expect(list).toHaveLength(30);
    for (let i = 1; i < list.length; i++) expect(list[i - 1]!.createdAt >= list[i]!.createdAt).toBe(true);
    const { items, pages } = await walk(admin, '/api/newsletter/subscribers', 7);
    expect(ids(items)).toEqual(ids(list));
    expect(pages[0]!.meta.total).toBe(30);

    const expected = list.filter((s) => s.email.includes('mail.example'));
    const searched = (await admin('/api/newsletter/subscribers?q=MAIL.example')).json().data as Item[];
    expect(ids(searched)).toEqual(ids(expected));
    const searchedWalk = await walk(admin, '/api/newsletter/subscribers?q=mail.example', 3);
    expect(ids(searchedWalk.items)).toEqual(ids(expected));
    expect(searchedWalk.pages[0]!.meta.total).toBe(10);
  });
});

describe('moving a product to a position', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    // Orders with gaps and ties, as a catalogue built over time has.
    for (let i = 0; i < 12; i++) {
      await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: `m-${String(i).padStart(2, '0')}`, order: i < 4 ? 5 : i * 10 }) });
    }
  });
  afterAll(async () => t.close());
  const list = async () => (await t.app.inject({ method: 'GET', url: '/api/products' })).json().data as { id: string; slug: string; order: number }[];

  it('moves to the top, to a position and past the end, renumbering the list 0..n-1', async () => {
    const before = await list();
    const last = before[11]!;
    const moved = await t.asAdmin({ method: 'PUT', url: `/api/products/${last.id}/position`, payload: { position: 0 } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toEqual({ id: last.id, order: 0 });
    let after = await list();
    expect(after.map((p) => p.slug)).toEqual([last.slug, ...before.slice(0, 11).map((p) => p.slug)]);
    expect(after.map((p) => p.order)).toEqual([...Array(12).keys()]);

    const second = after[1]!;
    await t.asAdmin({ method: 'PUT', url: `/api/products/${second.id}/position`, payload: { position: 6 } });
    after = await list();
    expect(after[6]!.id).toBe(second.id);
    expect(after.map((p) => p.order)).toEqual([...Array(12).keys()]);

    await t.asAdmin({ method: 'PUT', url: `/api/products/${second.id}/position`, payload: { position: 500 } });
    expect((await list())[11]!.id).toBe(second.id);
  });

  it('refuses an unknown id, a bad position and a visitor', async () => {
    const [first] = await list();
    expect((await t.asAdmin({ method: 'PUT', url: '/api/products/nope/position', payload: { position: 0 } })).statusCode).toBe(404);
    const bad = await t.asAdmin({ method: 'PUT', url: `/api/products/${first!.id}/position`, payload: { position: -1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^position: /);
    expect((await t.app.inject({ method: 'PUT', url: `/api/products/${first!.id}/position`, payload: { position: 0 } })).statusCode).toBe(401);
  });
});
