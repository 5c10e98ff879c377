import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { categoryPayload, productPayload } from '../helpers/factories';

/**
 * Issue 25: a cached page is kept in every coding it is sent in. Each answer
 * names its coding, varies on Accept-Encoding, carries an ETag of its own
 * bytes, revalidates to 304 per coding, and costs no render.
 */
describe('cached pages in every coding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { web: true });
    const category = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: categoryPayload('design') })).json().data;
    await t.asAdmin({ method: 'POST', url: '/api/products', payload: productPayload('lamp', { title: 'Lamp', categories: [category.id] }) });
  });
  afterAll(async () => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const unpack = { br: brotliDecompressSync, gzip: gunzipSync, identity: (bytes: Buffer) => bytes } as const;

  it.each(['/product/lamp', '/', '/category/design'])('%s: br, gzip and identity from one render, each with its Content-Encoding, Vary and ETag', async (url) => {
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    const renders = t.app.renderCache.stats.renders;
    const etags = new Set<string>();
    for (const [header, coding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip;q=0.9', 'gzip'],
      [undefined, 'identity'],
      ['zstd', 'identity'],
    ] as const) {
      const response = await get(url, header === undefined ? {} : { 'accept-encoding': header });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding'], String(header)).toBe(coding === 'identity' ? undefined : coding);
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(unpack[coding](response.rawPayload).toString('utf8')).toBe(plain.body);
      const etag = String(response.headers.etag);
      expect(etag).toMatch(/^W\/"[^"]+"$/);
      if (coding === 'identity') expect(etag).not.toMatch(/-(?:gzip|br)"$/);
      else expect(etag.endsWith(`-${coding}"`)).toBe(true);
      etags.add(etag);
      // Revalidation in the same coding: 304 with the validator and Vary; in another coding, the full answer.
      const again = await get(url, { ...(header === undefined ? {} : { 'accept-encoding': header }), 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers.vary).toBe('Accept-Encoding');
      expect(again.rawPayload.length).toBe(0);
    }
    expect(etags.size).toBe(3);
    const brotliTag = String((await get(url, { 'accept-encoding': 'br' })).headers.etag);
    expect((await get(url, { 'accept-encoding': 'gzip', 'if-none-match': brotliTag })).statusCode).toBe(200);
    expect(t.app.renderCache.stats.renders).toBe(renders);
  });

  it('identity;q=0 with no coding of ours acceptable answers 406; with one, that one', async () => {
    for (const header of ['identity;q=0', '*;q=0', 'identity;q=0, zstd']) {
      const response = await get('/product/lamp', { 'accept-encoding': header });
      expect(response.statusCode, header).toBe(406);
      expect(response.headers.vary).toBe('Accept-Encoding');
    }
    const gzip = await get('/product/lamp', { 'accept-encoding': 'identity;q=0, gzip' });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('a cached answer carries every security header of any other answer (public pages without COOP), and HEAD its length', async () => {
    await get('/product/lamp');
    const page = (await get('/product/lamp', { 'accept-encoding': 'br' })).headers;
    const api = (await get('/api/products')).headers;
    const names = ['content-security-policy', 'cross-origin-resource-policy', 'origin-agent-cluster', 'referrer-policy', 'strict-transport-security', 'x-content-type-options', 'x-dns-prefetch-control', 'x-download-options', 'x-frame-options', 'x-permitted-cross-domain-policies', 'x-xss-protection', 'permissions-policy'];
    for (const name of names) {
      expect(api[name], name).toBeDefined();
      expect(page[name], name).toBe(api[name]);
    }
    expect(page['cross-origin-opener-policy']).toBeUndefined();
    expect((await get('/admin', { 'accept-encoding': 'br' })).headers['cross-origin-opener-policy']).toBe('same-origin');
    const head = await t.app.inject({ method: 'HEAD', url: '/product/lamp', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(page['content-length']);
    expect(head.rawPayload.length).toBe(0);
  });

  it('not-found pages and the admin shell are kept answers too', async () => {
    for (const url of ['/product/nope', '/admin']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe((await get(url)).body);
    }
  });
});
