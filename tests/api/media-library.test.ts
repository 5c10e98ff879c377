import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { imageForm, noisyJpeg } from '../helpers/media';
import { findUsages } from '../../src/server/modules/media/media-usage';

describe(`media library API (${testDatabaseKind})`, () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const urls: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp();
    for (const name of ['sunset beach.jpg', 'Mountain.jpg', 'city-night.jpg']) {
      const response = await t.asAdmin({ method: 'POST', url: '/api/homepage/upload', payload: imageForm('file', await noisyJpeg(120, 80), name) });
      expect(response.statusCode).toBe(200);
      ids[name] = response.json().data.id;
      urls[name] = response.json().data.url;
      // Distinct creation times, so "newest first" is a fact to check.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
  afterAll(async () => t.close());

  const list = (query = '') => t.asAdmin({ url: `/api/media${query}` });

  it('is for the admin only', async () => {
    expect((await t.app.inject({ url: '/api/media' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/media?limit=10' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/media/${ids['Mountain.jpg']}`, payload: { alt: 'x' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/${ids['Mountain.jpg']}` })).statusCode).toBe(401);
  });

  it('lists every item newest first with its facts, without paging parameters', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.map((item: { id: string }) => item.id)).toEqual([ids['city-night.jpg'], ids['Mountain.jpg'], ids['sunset beach.jpg']]);
    expect(body.data[0]).toMatchObject({
      id: ids['city-night.jpg'],
      url: urls['city-night.jpg'],
      type: 'image',
      mime: 'image/jpeg',
      bytes: expect.any(Number),
      width: 120,
      height: 80,
      alt: '',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      usedBy: [],
    });
  });

  it('pages with limit and cursor, and counts the total', async () => {
    const first = (await list('?limit=2')).json();
    expect(first.data).toHaveLength(2);
    expect(first.meta).toEqual({ nextCursor: expect.any(String), total: 3 });
    const second = (await list(`?limit=2&cursor=${encodeURIComponent(first.meta.nextCursor)}`)).json();
    expect(second.data.map((item: { id: string }) => item.id)).toEqual([ids['sunset beach.jpg']]);
    expect(second.meta).toEqual({ nextCursor: null, total: 3 });
  });

  it('refuses a bad limit or cursor with 400 and the envelope', async () => {
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?limit=2.5', '?limit=5&cursor=nonsense', '?type=audio']) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ success: false, error: expect.stringMatching(/^(limit|cursor|type): /) });
    }
  });

  it('filters by file name or alt text, and by type', async () => {
    const byName = (await list('?q=MOUNT')).json().data;
    expect(byName.map((item: { id: string }) => item.id)).toEqual([ids['Mountain.jpg']]);
    await t.asAdmin({ method: 'PATCH', url: `/api/media/${ids['city-night.jpg']}`, payload: { alt: 'Skyline after dark' } });
    const byAlt = (await list('?q=skyline&limit=10')).json();
    expect(byAlt.data.map((item: { id: string }) => item.id)).toEqual([ids['city-night.jpg']]);
    expect(byAlt.meta.total).toBe(1);
    expect((await list('?q=100%25')).json().data).toEqual([]);
    expect((await list('?type=video')).json().data).toEqual([]);
    expect((await list('?type=image&limit=100')).json().meta.total).toBe(3);
  });

  it('saves alt text, the decorative flag and the focal point, and validates them', async () => {
    const id = ids['sunset beach.jpg'];
    const saved = await t.asAdmin({ method: 'PATCH', url: `/api/media/${id}`, payload: { alt: '  Sun over the sea  ', decorative: true, focalPoint: { x: 0.2, y: 0.7 } } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ id, alt: 'Sun over the sea', decorative: true, focalPoint: { x: 0.2, y: 0.7 } });
    const bad = await t.asAdmin({ method: 'PATCH', url: `/api/media/${id}`, payload: { focalPoint: { x: 2, y: 0 } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^focalPoint\.x: /);
    expect((await t.asAdmin({ method: 'PATCH', url: '/api/media/unknown-id', payload: { alt: 'x' } })).statusCode).toBe(404);
  });

  it('gives alt text the character rules of titles: no control or text-direction characters (issue 23)', async () => {
    const id = ids['sunset beach.jpg'];
    const cases: Array<[string, string]> = [
      ['Sun\u0000set', 'alt: must not contain control characters'],
      ['Sun\u0007set', 'alt: must not contain control characters'],
      ['Sun\u009bset', 'alt: must not contain control characters'],
      ['Sunset \u202egpj.exe', 'alt: must not contain invisible text-direction characters'],
      ['Sunset \u2066x\u2069', 'alt: must not contain invisible text-direction characters'],
      ['Sunset \ud800', 'alt: contains a broken character (an unpaired surrogate)'],
    ];
    for (const [alt, error] of cases) {
      const response = await t.asAdmin({ method: 'PATCH', url: `/api/media/${id}`, payload: { alt } });
      expect(response.statusCode, JSON.stringify(alt)).toBe(400);
      expect(response.json(), JSON.stringify(alt)).toMatchObject({ success: false, error, field: 'alt' });
    }
    // What titles allow, alt text allows: line breaks, accents, emoji, right-to-left scripts.
    const kept = await t.asAdmin({ method: 'PATCH', url: `/api/media/${id}`, payload: { alt: 'Coucher de soleil 🌅\nשקיעה' } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.alt).toBe('Coucher de soleil 🌅\nשקיעה');
  });

  it('says where an item is used and refuses to delete it then; deletes it and its files once unused', async () => {
    const url = urls['Mountain.jpg']!;
    const id = ids['Mountain.jpg'];
    await t.asAdmin({ method: 'PUT', url: '/api/homepage', payload: { title: 'Welcome', heroImage: url } });
    const category = await t.asAdmin({ method: 'POST', url: '/api/categories', payload: { slug: 'peaks', title: 'Peaks', description: 'High', tileImage: url } });
    expect(category.statusCode).toBe(201);

    const item = (await list()).json().data.find((entry: { id: string }) => entry.id === id);
    expect(item.usedBy).toEqual([
      { kind: 'category', id: category.json().data.id, title: 'Peaks' },
      { kind: 'homepage', id: 'homepage', title: 'Homepage' },
    ]);

    // A long list (the whole library) is matched by one read of the content instead of SQL searches: same answer.
    const fakes = Array.from({ length: 120 }, (_, index) => `/uploads/none-${index}.jpg`);
    const searched = (await findUsages(t.app.ctx.db, [url])).get(url);
    const scanned = (await findUsages(t.app.ctx.db, [url, ...fakes])).get(url);
    expect(scanned).toEqual(searched);
    expect(searched).toHaveLength(2);

    const refused = await t.asAdmin({ method: 'DELETE', url: `/api/media/${id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, error: expect.stringContaining('Category “Peaks”, Homepage') });
    expect((await t.app.inject({ url })).statusCode).toBe(200);

    await t.asAdmin({ method: 'PUT', url: '/api/homepage', payload: { title: 'Welcome' } });
    await t.asAdmin({ method: 'DELETE', url: `/api/categories/${category.json().data.id}` });
    const deleted = await t.asAdmin({ method: 'DELETE', url: `/api/media/${id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/media/${id}` })).statusCode).toBe(404);
    expect((await list()).json().data).toHaveLength(2);
  });
});
