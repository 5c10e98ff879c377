import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';

type Entry = { id: string; createdAt: string; summary: string };

/** Every save keeps a revision; the admin lists them and restores one, which is itself a new revision. */
describe('revisions', () => {
  let t: TestApp;
  let productId: string;
  let categoryId: string;

  beforeAll(async () => {
    t = await startTestApp();
    categoryId = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'kept', title: 'First title' }) })).json().data.id;
    productId = (await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'kept', title: 'First title' }) })).json().data.id;
  });
  afterAll(async () => t.close());

  const kinds = () => [
    {
      name: 'product',
      url: `/api/products/${productId}`,
      save: (title: string) => aProduct({ slug: 'kept', title }),
      title: (data: { title: string }) => data.title,
    },
    {
      name: 'category',
      url: `/api/categories/${categoryId}`,
      save: (title: string) => aCategory({ slug: 'kept', title }),
      title: (data: { title: string }) => data.title,
    },
    { name: 'homepage', url: '/api/homepage', save: (title: string) => ({ title }), title: (data: { title: string }) => data.title },
    {
      name: 'about',
      url: '/api/about',
      save: (title: string) => ({ content: `<p>${title}</p>` }),
      title: (data: { content: string }) => data.content.replace(/<\/?p>/g, ''),
    },
    {
      name: 'theme',
      url: '/api/theme',
      save: (title: string) => ({ primaryColor: title === 'First title' ? '#111111' : title === 'Second title' ? '#222222' : '#333333' }),
      title: (data: { primaryColor: string }) => ({ '#111111': 'First title', '#222222': 'Second title', '#333333': 'Third title' })[data.primaryColor],
    },
  ];

  it.each(['product', 'category', 'homepage', 'about', 'theme'])('%s: lists saves newest first with what changed, restores one as a new revision', async (name) => {
    const kind = kinds().find((entry) => entry.name === name)!;
    for (const title of name === 'product' || name === 'category' ? ['Second title', 'Third title'] : ['First title', 'Second title', 'Third title']) {
      const saved = await t.asAdmin({ method: 'PUT', url: kind.url, payload: kind.save(title) });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const list = await t.asAdmin({ method: 'GET', url: `${kind.url}/revisions` });
    expect(list.statusCode, list.body).toBe(200);
    const entries = list.json().data as Entry[];
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(entries[0]!).sort()).toEqual(['createdAt', 'id', 'summary']);
    expect(entries[0]!.summary).toMatch(/^Changed /);
    const times = entries.map((entry) => entry.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // Visitors cannot read them.
    expect((await t.app.inject({ method: 'GET', url: `${kind.url}/revisions` })).statusCode).toBe(401);

    // The third newest is the "First title" save: read it (what the admin compares before a restore), then restore it.
    const first = entries[2]!;
    const one = await t.asAdmin({ method: 'GET', url: `${kind.url}/revisions/${first.id}` });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({ id: first.id, createdAt: first.createdAt, summary: first.summary });
    expect(kind.title(one.json().data.snapshot)).toBe('First title');
    expect((await t.app.inject({ method: 'GET', url: `${kind.url}/revisions/${first.id}` })).statusCode).toBe(401);
    expect((await t.asAdmin({ method: 'GET', url: `${kind.url}/revisions/unknown` })).statusCode).toBe(404);
    const restored = await t.asAdmin({ method: 'POST', url: `${kind.url}/revisions/${first.id}/restore` });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(kind.title(restored.json().data)).toBe('First title');
    expect(restored.headers.etag).toMatch(/^"\d+"$/);
    expect(kind.title((await t.asAdmin({ method: 'GET', url: kind.url })).json().data)).toBe('First title');

    const after = (await t.asAdmin({ method: 'GET', url: `${kind.url}/revisions` })).json().data as Entry[];
    expect(after.length).toBe(entries.length + 1);
    expect(after[0]!.summary).toBe(`Restored the version of ${first.createdAt}`);
    expect((await t.app.inject({ method: 'POST', url: `${kind.url}/revisions/${first.id}/restore` })).statusCode).toBe(401);
    expect((await t.asAdmin({ method: 'POST', url: `${kind.url}/revisions/unknown/restore` })).statusCode).toBe(404);
  });

  it('a restore keeps the item published and in its place', async () => {
    const entries = (await t.asAdmin({ method: 'GET', url: `/api/products/${productId}/revisions` })).json().data as Entry[];
    const created = entries.at(-1)!;
    expect(created.summary).toBe('Created');
    await t.asAdmin({ method: 'PUT', url: `/api/products/${productId}`, payload: aProduct({ slug: 'kept', title: 'Draft now', status: 'draft' }) });
    const restored = await t.asAdmin({ method: 'POST', url: `/api/products/${productId}/revisions/${created.id}/restore` });
    expect(restored.json().data).toMatchObject({ title: 'First title', status: 'draft' });
  });

  it('a version that no longer passes validation answers 400 naming the field, and changes nothing (issue 23)', async () => {
    const db = t.app.ctx.db;
    // Versions saved under older rules (or edited in the database): today's checks refuse them.
    const spoil = async (kind: { name: string; url: string }, change: (snapshot: Record<string, unknown>) => unknown) => {
      const [latest] = (await t.asAdmin({ method: 'GET', url: `${kind.url}/revisions` })).json().data as Entry[];
      const row = await db.selectFrom('revisions').select('snapshot').where('id', '=', latest!.id).executeTakeFirstOrThrow();
      await db.updateTable('revisions').set({ snapshot: JSON.stringify(change(JSON.parse(row.snapshot))) }).where('id', '=', latest!.id).execute();
      const mend = () => db.updateTable('revisions').set({ snapshot: row.snapshot }).where('id', '=', latest!.id).execute();
      return { id: latest!.id, mend };
    };
    const cases: Array<[string, (snapshot: Record<string, unknown>) => unknown, number, string, string?]> = [
      ['product', (s) => ({ ...s, title: 'Bell\u0007title' }), 400, 'title: must not contain control characters (in the version being restored)', 'title'],
      ['product', (s) => ({ ...s, buyLink: 'javascript:alert(1)' }), 400, 'buyLink: must be an http(s) URL or a path starting with / (in the version being restored)', 'buyLink'],
      ['category', (s) => ({ ...s, title: 'Bell\u0007title' }), 400, 'title: must not contain control characters (in the version being restored)', 'title'],
      ['category', (s) => ({ ...s, itemsPerRow: 9 }), 400, 'itemsPerRow', 'itemsPerRow'],
      ['homepage', (s) => ({ ...s, title: 'Hero \u202etxt.exe' }), 400, 'title: must not contain invisible text-direction characters (in the version being restored)', 'title'],
      ['about', (s) => ({ ...s, heroConfig: { ...(s.heroConfig as object), textColor: 'red' } }), 400, 'heroConfig.textColor', 'heroConfig.textColor'],
      ['theme', (s) => ({ ...s, primaryColor: 'red' }), 400, 'primaryColor: must be # followed by six hex digits (in the version being restored)', 'primaryColor'],
      ['product', () => null, 400, 'This version cannot be restored: its saved copy is damaged'],
      ['theme', () => [1, 2], 400, 'This version cannot be restored: its saved copy is damaged'],
    ];
    for (const [name, change, status, error, field] of cases) {
      const kind = kinds().find((entry) => entry.name === name)!;
      const before = (await t.asAdmin({ method: 'GET', url: kind.url })).json().data;
      const { id, mend } = await spoil(kind, change);
      const response = await t.asAdmin({ method: 'POST', url: `${kind.url}/revisions/${id}/restore` });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      const body = response.json();
      expect(body.success).toBe(false);
      expect(body.error.slice(0, error.length), name).toBe(error);
      expect(body.field).toBe(field);
      expect((await t.asAdmin({ method: 'GET', url: kind.url })).json().data, name).toEqual(before);
      await mend();
    }
  });

  it('a restore keeps the page address it has now', async () => {
    const entries = (await t.asAdmin({ method: 'GET', url: `/api/products/${productId}/revisions` })).json().data as Entry[];
    const moved = await t.asAdmin({ method: 'PUT', url: `/api/products/${productId}`, payload: aProduct({ slug: 'kept-moved', title: 'Moved' }) });
    expect(moved.statusCode, moved.body).toBe(200);
    const restored = await t.asAdmin({ method: 'POST', url: `/api/products/${productId}/revisions/${entries.at(-1)!.id}/restore` });
    expect(restored.json().data).toMatchObject({ title: 'First title', slug: 'kept-moved' });
  });

  it('keeps the last 50 per item', async () => {
    for (let i = 0; i < 55; i++) {
      await t.asAdmin({ method: 'PUT', url: '/api/theme', payload: { primaryColor: `#0000${String(i).padStart(2, '0')}` } });
    }
    const entries = (await t.asAdmin({ method: 'GET', url: '/api/theme/revisions' })).json().data as Entry[];
    expect(entries.length).toBe(50);
    const stored = await t.app.ctx.db.selectFrom('revisions').select((eb) => eb.fn.countAll<number>().as('n')).where('entity', '=', 'theme').executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(50);
    expect(entries[0]!.summary).toBe('Changed primary color');
  });

  it('unknown items answer 404; deleting an item deletes its revisions', async () => {
    expect((await t.asAdmin({ method: 'GET', url: '/api/products/none/revisions' })).statusCode).toBe(404);
    const doomed = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'doomed' }) })).json().data.id;
    await t.asAdmin({ method: 'DELETE', url: `/api/categories/${doomed}` });
    const left = await t.app.ctx.db.selectFrom('revisions').select('id').where('item_id', '=', doomed).execute();
    expect(left).toEqual([]);
  });
});
