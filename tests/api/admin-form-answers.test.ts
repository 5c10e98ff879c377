import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';

/** The answers the admin forms need beyond the spec's: the field an error is about, the upload limits, a category's usage. */
describe('admin form answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ MAX_IMAGE_MB: '2', MAX_VIDEO_MB: '5' });
  });
  afterAll(async () => t.close());

  const category = (slug: string) => aCategory({ slug, title: `Category ${slug}` });
  const product = (slug: string, categories: string[]) => aProduct({ slug, categories });
  const post = async (url: string, payload: object) => t.asAdmin({ method: 'POST', url, payload });

  it('names the field of a duplicate slug (409) beside the unchanged error text', async () => {
    expect((await post('/api/categories', category('taken'))).statusCode).toBe(201);
    const dup = await post('/api/categories', category('taken'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ success: false, error: 'A category with this slug already exists', field: 'slug' });
  });

  it('names the field of a refused body (400), nested paths included', async () => {
    const noTitle = await post('/api/categories', { ...category('no-title'), title: '' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toMatchObject({ success: false, field: 'title' });
    expect(noTitle.json().error).toMatch(/^title: /);
    const badLink = await post('/api/categories', { ...category('bad-link'), heroConfig: { button1: { link: 'javascript:alert(1)' } } });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().field).toMatch(/^heroConfig\./);
    expect(badLink.json().error.startsWith(`${badLink.json().field}: `)).toBe(true);
  });

  it('names no field when the refusal is about no field', async () => {
    const missing = await t.asAdmin({ method: 'GET', url: '/api/categories/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, error: 'Category not found' });
  });

  it('tells the admin, and only the admin, the upload limits the server enforces', async () => {
    const response = await t.asAdmin({ method: 'GET', url: '/api/media/upload-limits' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      image: { maxBytes: 2 * 1024 * 1024, types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] },
      video: { maxBytes: 5 * 1024 * 1024, types: ['video/mp4', 'video/webm'] },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/media/upload-limits' })).statusCode).toBe(401);
  });

  it("counts the products a category's deletion would leave in no category", async () => {
    const make = async (slug: string) => (await post('/api/categories', category(slug))).json().data.id as string;
    const doomed = await make('doomed');
    const kept = await make('kept');
    const empty = await make('empty');
    for (const [slug, categories] of [
      ['only-doomed-1', [doomed]],
      ['only-doomed-2', [doomed]],
      ['both', [doomed, kept]],
      ['only-kept', [kept]],
    ] as const) {
      expect((await post('/api/products', product(slug, [...categories]))).statusCode).toBe(201);
    }
    const usage = async (id: string) => t.asAdmin({ method: 'GET', url: `/api/categories/${id}/usage` });
    expect((await usage(doomed)).json()).toEqual({ success: true, data: { products: 3, leftUncategorised: 2 } });
    expect((await usage(kept)).json().data).toEqual({ products: 2, leftUncategorised: 1 });
    expect((await usage(empty)).json().data).toEqual({ products: 0, leftUncategorised: 0 });
    expect((await usage('unknown')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/categories/${doomed}/usage` })).statusCode).toBe(401);
  });
});
