import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { aProduct, aTag } from '../helpers/factories';

describe('tags API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const create = async (title: string) => {
    const response = await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title }) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; title: string };
  };
  const list = async () => (await t.app.inject({ method: 'GET', url: '/api/tags' })).json().data as { id: string; title: string }[];

  it('creates a tag and returns it with its id; trims the title', async () => {
    const response = await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title: '  Photoshop  ' }) });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data).toEqual({ id: expect.any(String), title: 'Photoshop', slug: 'photoshop' });
    const read = await t.app.inject({ method: 'GET', url: `/api/tags/${body.data.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(body.data);
  });

  it('lists tags sorted by title ignoring case', async () => {
    await create('zebra');
    await create('Apple');
    await create('banana');
    const titles = (await list()).map((tag) => tag.title);
    expect(titles).toEqual(['Apple', 'banana', 'Photoshop', 'zebra']);
  });

  it('refuses a duplicate title ignoring case with 409, on create and update', async () => {
    const dup = await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title: 'PHOTOSHOP' }) });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ success: false, error: 'A tag with this title already exists', field: 'title' });
    const zebra = (await list()).find((tag) => tag.title === 'zebra')!;
    const dupUpdate = await t.asAdmin({ method: 'PUT', url: `/api/tags/${zebra.id}`, payload: { title: 'apple' } });
    expect(dupUpdate.statusCode).toBe(409);
    expect(dupUpdate.json().error).toBe('A tag with this title already exists');
    // Changing only the case of its own title is allowed.
    const recased = await t.asAdmin({ method: 'PUT', url: `/api/tags/${zebra.id}`, payload: { title: 'Zebra' } });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().data).toEqual({ id: zebra.id, title: 'Zebra', slug: 'zebra' });
  });

  it('names the field on invalid input and creates nothing', async () => {
    const before = (await list()).length;
    for (const payload of [{}, { title: '' }, { title: '   ' }, { title: 5 }, { title: 'x'.repeat(101) }]) {
      const response = await t.asAdmin({ method: 'POST', url: '/api/tags', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toMatch(/^title: /);
    }
    expect((await list()).length).toBe(before);
  });

  it('answers 404 for unknown ids', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/tags/nope' },
      { method: 'PUT' as const, url: '/api/tags/nope', payload: { title: 'Whatever' } },
      { method: 'DELETE' as const, url: '/api/tags/nope' },
    ]) {
      const response = await t.asAdmin(request);
      expect(response.statusCode, request.method).toBe(404);
      expect(response.json()).toEqual({ success: false, error: 'Tag not found' });
    }
  });

  it('refuses writes without a token and changes nothing', async () => {
    const apple = (await list()).find((tag) => tag.title === 'Apple')!;
    const before = await list();
    for (const request of [
      { method: 'POST' as const, url: '/api/tags', payload: aTag({ title: 'Sneaky' }) },
      { method: 'PUT' as const, url: `/api/tags/${apple.id}`, payload: { title: 'Hacked' } },
      { method: 'DELETE' as const, url: `/api/tags/${apple.id}` },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(401);
      expect(response.json().success).toBe(false);
    }
    expect(await list()).toEqual(before);
  });

  it('deleting a tag removes it from every product, keeping the other tags', async () => {
    const keep = await create('Keep me');
    const drop = await create('Drop me');
    const product = await t.asAdmin({
      method: 'POST',
      url: '/api/products',
      payload: aProduct({ slug: 'tagged', title: 'Tagged', tags: [drop.id, keep.id] }),
    });
    expect(product.statusCode, product.body).toBe(201);
    expect(product.json().data.tags).toEqual([drop.id, keep.id]);

    const removed = await t.asAdmin({ method: 'DELETE', url: `/api/tags/${drop.id}` });
    expect(removed.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/products/slug/tagged' });
    expect(after.json().data.tags).toEqual([keep.id]);
    const links = await t.app.ctx.db.selectFrom('product_tags').selectAll().where('tag_id', '=', drop.id).execute();
    expect(links).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/tags/${drop.id}` })).statusCode).toBe(404);
  });
});
