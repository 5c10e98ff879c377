import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';

/** Two windows editing one item: reads answer an ETag, a save from an older version is refused. */
describe('edit conflicts: ETag and If-Match', () => {
  let t: TestApp;
  const items: { name: string; url: string; body: () => object }[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    const category = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'conflicts' }) })).json().data;
    const product = (await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'conflicted' }) })).json().data;
    let n = 0;
    const next = () => `Edit ${++n}`;
    items.push(
      { name: 'product', url: `/api/products/${product.id}`, body: () => aProduct({ slug: 'conflicted', title: next() }) },
      { name: 'category', url: `/api/categories/${category.id}`, body: () => aCategory({ slug: 'conflicts', title: next() }) },
      { name: 'homepage', url: '/api/homepage', body: () => ({ title: next() }) },
      { name: 'about', url: '/api/about', body: () => ({ content: `<p>${next()}</p>` }) },
      { name: 'theme', url: '/api/theme', body: () => ({ primaryColor: `#${String(++n).padStart(6, '0')}` }) },
    );
  });
  afterAll(async () => t.close());

  it.each(['product', 'category', 'homepage', 'about', 'theme'])('%s: the second save from one version is refused with 409 and the envelope', async (name) => {
    const item = items.find((entry) => entry.name === name)!;
    const read = await t.asAdmin({ method: 'GET', url: item.url });
    const etag = read.headers.etag as string;
    expect(etag).toMatch(/^"\d+"$/);
    // Anonymous reads of public items answer the same ETag.
    expect((await t.app.inject({ method: 'GET', url: item.url })).headers.etag).toBe(etag);

    const first = await t.asAdmin({ method: 'PUT', url: item.url, payload: item.body(), headers: { 'if-match': etag } });
    expect(first.statusCode, first.body).toBe(200);
    const newTag = first.headers.etag as string;
    expect(newTag).not.toBe(etag);

    const second = await t.asAdmin({ method: 'PUT', url: item.url, payload: item.body(), headers: { 'if-match': etag } });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ success: false, error: expect.stringMatching(/changed by someone else since you opened it/) });
    // Nothing was written by the refused save.
    expect((await t.asAdmin({ method: 'GET', url: item.url })).headers.etag).toBe(newTag);

    // The version the first save answered is the one to continue from.
    expect((await t.asAdmin({ method: 'PUT', url: item.url, payload: item.body(), headers: { 'if-match': newTag } })).statusCode).toBe(200);
    // Without If-Match a save overwrites, as the spec's calls do.
    expect((await t.asAdmin({ method: 'PUT', url: item.url, payload: item.body() })).statusCode).toBe(200);
    // An If-Match that names no version of ours matches nothing.
    expect((await t.asAdmin({ method: 'PUT', url: item.url, payload: item.body(), headers: { 'if-match': '"bogus"' } })).statusCode).toBe(409);
  });

  it('of two saves racing from one version, exactly one wins', async () => {
    const item = items[0]!;
    const etag = (await t.asAdmin({ method: 'GET', url: item.url })).headers.etag as string;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.asAdmin({ method: 'PUT', url: item.url, payload: item.body(), headers: { 'if-match': etag } })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it('a missing item is still 404, not 409', async () => {
    const response = await t.asAdmin({ method: 'PUT', url: '/api/products/nope', payload: aProduct({ slug: 'nope' }), headers: { 'if-match': '"1"' } });
    expect(response.statusCode).toBe(404);
  });
});
