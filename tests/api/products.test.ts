import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct, aTag } from '../helpers/factories';
import type { ProductInput } from '../../src/shared/schemas';
import { createCategory } from '../../src/server/modules/categories/category.service';
import { createProduct, listProducts } from '../../src/server/modules/products/product.service';
import { SYSTEM, deferredWriter } from '../../src/server/content/changes';

type ProductData = { id: string; slug: string; order: number; categories: string[]; tags: string[]; [key: string]: unknown };

describe('products API', () => {
  let t: TestApp;
  let categoryA: string;
  let categoryB: string;
  let tagX: string;
  let tagY: string;

  beforeAll(async () => {
    t = await startTestApp();
    const makeCategory = async (slug: string) =>
(await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug }) })).json().data.id as string;
    const makeTag = async (title: string) => (await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title }) })).json().data.id as string;
    categoryA = await makeCategory('cat-a');
    categoryB = await makeCategory('cat-b');
    tagX = await makeTag('X');
    tagY = await makeTag('Y');
  });
  afterAll(async () => t.close());

  const create = async (slug: string, extra: Partial<ProductInput> = {}) => {
    const response = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug, ...extra }) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as ProductData;
  };
  const list = async () => (await t.app.inject({ method: 'GET', url: '/api/products' })).json().data as ProductData[];

  it('lists nothing at first', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(response.json()).toEqual({ success: true, data: [] });
  });

  it('creates a product with links in the given order, sorted gallery and defaults', async () => {
    const made = await create('full', {
      categories: [categoryB, categoryA],
      tags: [tagY, tagX],
      gallery: [
        { url: '/uploads/g2.jpg', order: 2 },
        { url: '/uploads/g0.jpg', order: 0 },
        { url: '/uploads/g1.jpg', order: 1 },
      ],
      heroConfig: { title: 'Hero', button1: { isActive: true, text: 'Go', link: '/about' } },
    });
    expect(made).toMatchObject({
      slug: 'full',
      title: 'Product full',
      duration: '2 hours - 12 lessons',
      categories: [categoryB, categoryA],
      tags: [tagY, tagX],
      darkMode: false,
      order: 0,
    });
    expect((made.gallery as { order: number }[]).map((item) => item.order)).toEqual([0, 1, 2]);
    expect((made.heroConfig as { button1: { size: string; isActive: boolean } }).button1).toMatchObject({ isActive: true, size: 'md' });

    const byId = await t.app.inject({ method: 'GET', url: `/api/products/${made.id}` });
    expect(byId.statusCode).toBe(200);
    expect(byId.json().data).toEqual(made);
    const bySlug = await t.app.inject({ method: 'GET', url: '/api/products/slug/full' });
    expect(bySlug.json().data).toEqual(made);
  });

  it('gives a new product the highest order + 1 and keeps the order on update without one', async () => {
    await create('high', { order: 10, darkMode: true });
    const next = await create('after-high');
    expect(next.order).toBe(11);
    const updated = await t.asAdmin({ method: 'PUT', url: `/api/products/${next.id}`, payload: aProduct({ slug: 'after-high', title: 'Renamed' }) });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ title: 'Renamed', order: 11 });
    const moved = await t.asAdmin({ method: 'PUT', url: `/api/products/${next.id}`, payload: aProduct({ slug: 'after-high', order: 1 }) });
    expect(moved.json().data.order).toBe(1);
    const orders = (await list()).map((item) => item.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect((await list()).find((item) => item.slug === 'high')?.darkMode).toBe(true);
  });

  it('updates links and fields', async () => {
    const made = await create('relink', { categories: [categoryA], tags: [tagX] });
    const response = await t.asAdmin({
      method: 'PUT',
      url: `/api/products/${made.id}`,
      payload: aProduct({ slug: 'relinked', categories: [categoryB], tags: [], darkMode: true, duration: '3 hours' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: made.id, slug: 'relinked', categories: [categoryB], tags: [], darkMode: true, duration: '3 hours' });
    expect((await t.app.inject({ method: 'GET', url: '/api/products/slug/relink' })).statusCode).toBe(404);
  });

  it('finds a product by the longest slug allowed', async () => {
    const slug = `${'a'.repeat(99)}-${'b'.repeat(100)}`;
    const made = await create(slug, { title: 'Long slug' });
    const response = await t.app.inject({ method: 'GET', url: `/api/products/slug/${slug}` });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.json().data.id).toBe(made.id);
    const tooLong = await t.app.inject({ method: 'GET', url: `/api/products/slug/${'c'.repeat(5000)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ success: false, error: 'Request URL is too long' });
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/products/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ success: false, error: 'Request URL is not valid' });
  });

  it('refuses a duplicate slug with 409', async () => {
    const other = await create('unique-one');
    const dup = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'full' }) });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ success: false, error: 'A product with this slug already exists', field: 'slug' });
    const dupUpdate = await t.asAdmin({ method: 'PUT', url: `/api/products/${other.id}`, payload: aProduct({ slug: 'full' }) });
    expect(dupUpdate.statusCode).toBe(409);
    expect(dupUpdate.json().error).toBe('A product with this slug already exists');
  });

  it('refuses unknown category or tag ids with 400 naming them, and writes nothing', async () => {
    const before = await list();
    const badCategory = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'bad-cat', categories: [categoryA, 'xyz'] }) });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json()).toEqual({ success: false, error: 'categories: unknown category id xyz', field: 'categories' });
    const badTag = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'bad-tag', tags: [tagX, 'nope'] }) });
    expect(badTag.statusCode).toBe(400);
    expect(badTag.json().error).toBe('tags: unknown tag id nope');
    expect(await list()).toEqual(before);

    // An update with a bad link leaves the product and its links as they were.
    const target = before.find((item) => item.slug === 'full')!;
    const badUpdate = await t.asAdmin({
      method: 'PUT',
      url: `/api/products/${target.id}`,
      payload: aProduct({ slug: 'full', title: 'Changed', categories: ['ghost'] }),
    });
    expect(badUpdate.statusCode).toBe(400);
    expect(badUpdate.json().error).toBe('categories: unknown category id ghost');
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${target.id}` })).json().data).toEqual(target);
  });

  it('names the field on invalid input', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...aProduct({ slug: 'x' }), title: '   ' }, /^title: /],
      [{ ...aProduct({ slug: 'x' }), slug: 'Bad Slug!' }, /^slug: /],
      [{ ...aProduct({ slug: 'x' }), buyLink: 'javascript:alert(1)' }, /^buyLink: /],
      [{ ...aProduct({ slug: 'x' }), description: '' }, /^description: /],
      [{ ...aProduct({ slug: 'x' }), description: '<script>alert(1)</script>' }, /^description: /],
      [{ ...aProduct({ slug: 'x' }), categories: 'cat-a' }, /^categories: /],
      [{ ...aProduct({ slug: 'x' }), gallery: [{ url: 'data:image/png;base64,AA', order: 0 }] }, /^gallery\.0\.url: /],
      [{ ...aProduct({ slug: 'x' }), darkMode: 'yes' }, /^darkMode: /],
      [{ ...aProduct({ slug: 'x' }), order: 1.5 }, /^order: /],
      [{ ...aProduct({ slug: 'x' }), introVideo: 'javascript:alert(1)' }, /^introVideo: /],
    ];
    const before = (await list()).length;
    for (const [payload, message] of cases) {
      const response = await t.asAdmin({ method: 'POST', url: '/api/products', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toMatch(message);
    }
    expect((await list()).length).toBe(before);
  });

  it('keeps a product without an intro video (omitted, null or empty), published unless a status is given', async () => {
    const omitted = await create('no-video-omitted', { introVideo: undefined });
    expect(omitted.introVideo).toBe('');
    expect(omitted.status).toBe('published');
    const draft = await create('no-video-draft', { introVideo: null, status: 'draft' });
    expect(draft.introVideo).toBe('');
    expect(draft.status).toBe('draft');
    const emptied = await t.asAdmin({ method: 'PUT', url: `/api/products/${draft.id}`, payload: aProduct({ slug: 'no-video-draft', introVideo: '' }) });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.json().data.introVideo).toBe('');
    expect(emptied.json().data.status).toBe('draft');
  });

  it('sanitises the description on save', async () => {
    const made = await create('dirty', {
      description: '<p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:alert(2)">x</a><img src="/uploads/a.png" onerror="alert(3)"></p>',
    });
    const description = made.description as string;
    expect(description).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(description).toContain('<img src="/uploads/a.png" />');
    expect(description).toContain('Hi');
  });

  it('answers 404 for unknown ids and slugs', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/products/unknown' },
      { method: 'GET' as const, url: '/api/products/slug/unknown' },
      { method: 'PUT' as const, url: '/api/products/unknown', payload: aProduct({ slug: 'unknown' }) },
      { method: 'DELETE' as const, url: '/api/products/unknown' },
    ]) {
      const response = await t.asAdmin(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(response.json()).toEqual({ success: false, error: 'Product not found' });
    }
  });

  it('refuses writes without a token and changes nothing', async () => {
    const before = await list();
    const target = before[0]!;
    for (const request of [
      { method: 'POST' as const, url: '/api/products', payload: aProduct({ slug: 'sneaky' }) },
      { method: 'PUT' as const, url: `/api/products/${target.id}`, payload: aProduct({ slug: target.slug, title: 'Hacked' }) },
      { method: 'DELETE' as const, url: `/api/products/${target.id}` },
      { method: 'PUT' as const, url: '/api/products/reorder/bulk', payload: { products: [{ id: target.id, order: 77 }] } },
    ]) {
      const response = await t.app.inject({ ...request, headers: { authorization: 'Bearer not-a-real-token' } });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(response.json().success).toBe(false);
    }
    expect(await list()).toEqual(before);
  });

  it('reorders all in one transaction; an unknown id is 404 and earlier items keep their order', async () => {
    const before = await list();
    const reversed = [...before].reverse().map((item, index) => ({ id: item.id, order: index }));
    const response = await t.asAdmin({ method: 'PUT', url: '/api/products/reorder/bulk', payload: { products: reversed } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.map((item: ProductData) => item.id)).toEqual(reversed.map((item) => item.id));
    const after = await list();
    expect(after.map((item) => [item.id, item.order])).toEqual(reversed.map((item) => [item.id, item.order]));

    const refused = await t.asAdmin({
      method: 'PUT',
      url: '/api/products/reorder/bulk',
      payload: { products: [{ id: after[0]!.id, order: 900 }, { id: 'missing', order: 901 }, { id: after[1]!.id, order: 902 }] },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ success: false, error: 'Product not found' });
    expect(await list()).toEqual(after);

    const malformed = await t.asAdmin({ method: 'PUT', url: '/api/products/reorder/bulk', payload: { products: { id: 'a' } } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatch(/^products: /);
  });

  it('deleting a category removes it from every product', async () => {
    const doomed = (
      await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'doomed', title: 'Doomed' }) })
    ).json().data.id as string;
    const one = await create('linked-one', { categories: [doomed, categoryA] });
    const two = await create('linked-two', { categories: [doomed] });
    const removed = await t.asAdmin({ method: 'DELETE', url: `/api/categories/${doomed}` });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${one.id}` })).json().data.categories).toEqual([categoryA]);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${two.id}` })).json().data.categories).toEqual([]);
  });

  it('deletes a product with its links', async () => {
    const made = await create('to-delete', { categories: [categoryA], tags: [tagX] });
    const response = await t.asAdmin({ method: 'DELETE', url: `/api/products/${made.id}` });
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${made.id}` })).statusCode).toBe(404);
    const links = await t.app.ctx.db.selectFrom('product_categories').selectAll().where('product_id', '=', made.id).execute();
    expect(links).toEqual([]);
  });

  it('tells the page caches about each write', async () => {
    const before = t.app.ctx.contentEvents.current;
    const made = await create('cache-buster');
    const afterCreate = t.app.ctx.contentEvents.current;
    expect(afterCreate).toBeGreaterThan(before);
    await t.asAdmin({ method: 'DELETE', url: `/api/products/${made.id}` });
    expect(t.app.ctx.contentEvents.current).toBeGreaterThan(afterCreate);
  });

  it('runs inside a caller\'s transaction (as the demo seeder does) and rolls back with it', async () => {
    const db = t.app.ctx.db;
    const before = await listProducts(db, 'admin');
    const version = t.app.ctx.contentEvents.current;
    await expect(
      db.transaction().execute(async (trx) => {
        const writer = deferredWriter(trx, SYSTEM);
        const categoryMade = await createCategory(writer, aCategory({ slug: 'in-trx', title: 'In trx' }));
        const made = await createProduct(writer, aProduct({ slug: 'in-trx', categories: [categoryMade.id] }));
        expect(made.categories).toEqual([categoryMade.id]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await listProducts(db, 'admin')).toEqual(before);
    // Nothing was committed, so nothing was announced: the page cache keeps its pages.
    expect(t.app.ctx.contentEvents.current).toBe(version);
    expect((await t.app.inject({ method: 'GET', url: '/api/categories/slug/in-trx' })).statusCode).toBe(404);
  });
});
