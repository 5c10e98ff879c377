import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { aCategory } from '../helpers/factories';
import type { CategoryInput } from '../../src/shared/schemas';

describe('categories API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const create = async (slug: string, extra: Partial<CategoryInput> = {}) => {
    const response = await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug, title: `Title ${slug}`, ...extra }) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; order: number; slug: string };
  };
  const count = async () => (await t.app.inject({ method: 'GET', url: '/api/categories' })).json().data.length as number;

  it('lists nothing on an empty database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: [] });
  });

  it('creates a category with defaults and order 0 in an empty table, then max + 1', async () => {
    const first = await create('first');
    expect(first).toMatchObject({
      slug: 'first',
      title: 'Title first',
      order: 0,
      itemsPerRow: 2,
      tileVideo: '',
      hoverImage: '',
      emptyImage: '',
    });
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((first as unknown as { heroConfig: { textColor: string } }).heroConfig.textColor).toBe('#ffffff');
    await create('far', { order: 7 });
    const next = await create('next');
    expect(next.order).toBe(8);
  });

  it('reads by id and by slug; unknown ids and slugs are 404', async () => {
    const made = await create('readable', { itemsPerRow: 3, tileVideo: 'https://cdn.example.com/v.mp4' });
    const byId = await t.app.inject({ method: 'GET', url: `/api/categories/${made.id}` });
    expect(byId.statusCode).toBe(200);
    expect(byId.json().data).toMatchObject({ id: made.id, itemsPerRow: 3, tileVideo: 'https://cdn.example.com/v.mp4' });
    const bySlug = await t.app.inject({ method: 'GET', url: '/api/categories/slug/readable' });
    expect(bySlug.json().data.id).toBe(made.id);

    for (const url of ['/api/categories/no-such-id', '/api/categories/slug/no-such-slug', '/api/categories/slug/NOT%20A%20SLUG']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json()).toEqual({ success: false, error: 'Category not found' });
    }
  });

  it('lists sorted by order, then title', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json().data as { order: number; title: string }[];
    const sorted = [...list].sort((a, b) => a.order - b.order || (a.title < b.title ? -1 : 1));
    expect(list).toEqual(sorted);
    expect(list.length).toBeGreaterThan(2);
  });

  it('updates all fields and keeps the order when none is sent', async () => {
    const made = await create('to-update', { order: 42 });
    const response = await t.asAdmin({
      method: 'PUT',
      url: `/api/categories/${made.id}`,
      payload: aCategory({ slug: 'updated-slug', title: 'New title', itemsPerRow: 4, heroConfig: { title: 'Hero!' } }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: made.id, slug: 'updated-slug', title: 'New title', itemsPerRow: 4, order: 42 });
    expect(response.json().data.heroConfig.title).toBe('Hero!');

    const moved = await t.asAdmin({ method: 'PUT', url: `/api/categories/${made.id}`, payload: aCategory({ slug: 'updated-slug', order: 3 }) });
    expect(moved.json().data.order).toBe(3);
    const reread = await t.app.inject({ method: 'GET', url: '/api/categories/slug/updated-slug' });
    expect(reread.json().data.order).toBe(3);
  });

  it('refuses a duplicate slug with 409 on create and update', async () => {
    await create('taken');
    const other = await create('other');
    const dup = await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'taken' }) });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ success: false, error: 'A category with this slug already exists', field: 'slug' });
    const dupUpdate = await t.asAdmin({ method: 'PUT', url: `/api/categories/${other.id}`, payload: aCategory({ slug: 'taken' }) });
    expect(dupUpdate.statusCode).toBe(409);
    expect(dupUpdate.json().error).toBe('A category with this slug already exists');
    // Keeping one's own slug is fine.
    const same = await t.asAdmin({ method: 'PUT', url: `/api/categories/${other.id}`, payload: aCategory({ slug: 'other' }) });
    expect(same.statusCode).toBe(200);
  });

  it('names the field on invalid input', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...aCategory({ slug: 'x' }), title: '' }, /^title: /],
      [{ ...aCategory({ slug: 'x' }), slug: 'Not A Slug' }, /^slug: /],
      [{ ...aCategory({ slug: 'x' }), tileImage: 'javascript:alert(1)' }, /^tileImage: /],
      [{ ...aCategory({ slug: 'x' }), itemsPerRow: 5 }, /^itemsPerRow: /],
      [{ ...aCategory({ slug: 'x' }), itemsPerRow: 0 }, /^itemsPerRow: /],
      [{ ...aCategory({ slug: 'x' }), order: -1 }, /^order: /],
      [{ ...aCategory({ slug: 'x' }), heroConfig: { button1: { color: 'pink' } } }, /^heroConfig\.button1\.color: /],
      [{ slug: 'x' }, /^title: /],
    ];
    const before = await count();
    for (const [payload, message] of cases) {
      const response = await t.asAdmin({ method: 'POST', url: '/api/categories', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().success).toBe(false);
      expect(response.json().error).toMatch(message);
    }
    expect(await count()).toBe(before);
  });

  it('answers 404 when updating or deleting an unknown id', async () => {
    const update = await t.asAdmin({ method: 'PUT', url: '/api/categories/missing', payload: aCategory({ slug: 'missing' }) });
    expect(update.statusCode).toBe(404);
    expect(update.json()).toEqual({ success: false, error: 'Category not found' });
    const remove = await t.asAdmin({ method: 'DELETE', url: '/api/categories/missing' });
    expect(remove.statusCode).toBe(404);
    expect(remove.json().error).toBe('Category not found');
  });

  it('refuses every write without a token, and changes nothing', async () => {
    const made = await create('guarded');
    const before = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json().data;
    const writes = [
      { method: 'POST' as const, url: '/api/categories', payload: aCategory({ slug: 'sneaky' }) },
      { method: 'PUT' as const, url: `/api/categories/${made.id}`, payload: aCategory({ slug: 'guarded', title: 'Hacked' }) },
      { method: 'DELETE' as const, url: `/api/categories/${made.id}` },
      { method: 'PUT' as const, url: '/api/categories/reorder/bulk', payload: { categories: [{ id: made.id, order: 999 }] } },
    ];
    for (const write of writes) {
      const response = await t.app.inject(write);
      expect(response.statusCode, `${write.method} ${write.url}`).toBe(401);
      expect(response.json()).toEqual({ success: false, error: 'Authentication required' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/categories' })).json().data).toEqual(before);
  });

  it('reorders in one transaction; an unknown id is 404 and nothing changes', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json().data as { id: string; order: number }[];
    const reversed = [...list].reverse().map((item, index) => ({ id: item.id, order: index }));
    const response = await t.asAdmin({ method: 'PUT', url: '/api/categories/reorder/bulk', payload: { categories: reversed } });
    expect(response.statusCode, response.body).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json().data as { id: string; order: number }[];
    expect(after.map((item) => item.id)).toEqual(reversed.map((item) => item.id));
    expect(after.map((item) => item.order)).toEqual(reversed.map((_, index) => index));

    const bad = [
      { id: after[0]!.id, order: 500 },
      { id: after[1]!.id, order: 501 },
      { id: 'not-a-category', order: 502 },
    ];
    const refused = await t.asAdmin({ method: 'PUT', url: '/api/categories/reorder/bulk', payload: { categories: bad } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ success: false, error: 'Category not found' });
    const unchanged = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json().data;
    expect(unchanged).toEqual(after);

    const invalid = await t.asAdmin({ method: 'PUT', url: '/api/categories/reorder/bulk', payload: { categories: [{ id: after[0]!.id, order: -1 }] } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatch(/^categories\.0\.order: /);
  });

  it('deletes a category', async () => {
    const made = await create('doomed');
    const response = await t.asAdmin({ method: 'DELETE', url: `/api/categories/${made.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().success).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/categories/${made.id}` })).statusCode).toBe(404);
  });
});
