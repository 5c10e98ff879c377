import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';

/**
 * Issue 25: a cached page is kept in every coding it is sent in. Each answer
 * names its coding, varies on Accept-Encoding, carries an ETag of its own
 * bytes, revalidates to 304 per coding, and costs no render.
 */
describe('cached pages in every coding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { web: true });
    const category = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'design' }) })).json().data;
    await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'lamp', title: 'Lamp', categories: [category.id] }) });
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

/** Over real HTTP: a kept page is answered in front of Fastify (ssr/cached-front.ts), the same answer. */
describe('the cached path in front of Fastify', () => {
  let t: TestApp;
  let port = 0;
  let throughFastify = 0;
  beforeAll(async () => {
    t = await startTestApp({}, { web: true });
    t.app.addHook('onRequest', (_request, _reply, done) => {
      throughFastify += 1;
      done();
    });
    await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'lamp', title: 'Lamp' }) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  const request = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject)
        .end();
    });
  const withoutDate = (headers: http.IncomingHttpHeaders) => {
    const { date: _date, ...rest } = headers;
    return rest;
  };

  it('answers a seen, kept page without Fastify, with the same head and bytes in every coding', async () => {
    for (const coding of ['br', 'gzip', undefined]) {
      const headers: Record<string, string> = coding ? { 'accept-encoding': coding } : {};
      const first = await request('/product/lamp', headers);
      const before = throughFastify;
      const again = await request('/product/lamp', headers);
      expect(throughFastify, String(coding)).toBe(before);
      expect(again.status).toBe(200);
      expect(withoutDate(again.headers)).toEqual(withoutDate(first.headers));
      expect(again.body.equals(first.body)).toBe(true);
      expect(again.headers['content-encoding']).toBe(coding);
      expect(again.headers['content-security-policy']).toContain("default-src 'self'");
      const notModified = await request('/product/lamp', { ...headers, 'if-none-match': String(again.headers.etag) });
      expect(notModified.status).toBe(304);
      expect(notModified.headers.etag).toBe(again.headers.etag);
      expect(notModified.body.length).toBe(0);
      const head = await request('/product/lamp', headers, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers['content-length']).toBe(again.headers['content-length']);
      expect(head.body.length).toBe(0);
      expect(throughFastify).toBe(before);
    }
  });

  it('leaves the rest to Fastify: 406, not-found pages, writes, and a page made stale by a write', async () => {
    await request('/product/lamp');
    let before = throughFastify;
    expect((await request('/product/lamp', { 'accept-encoding': 'identity;q=0' })).status).toBe(406);
    expect((await request('/product/none')).status).toBe(404);
    expect((await request('/product/none')).status).toBe(404);
    expect(throughFastify).toBe(before + 3);
    const token = await t.token();
    const renamed = await t.app.inject({ method: 'GET', url: '/api/products?limit=1', headers: { authorization: `Bearer ${token}` } });
    const lamp = renamed.json().data[0] as { id: string };
    await t.asAdmin({ method: 'PUT', url: `/api/products/${lamp.id}`, payload: aProduct({ slug: 'lamp', title: 'Brighter lamp' }) });
    before = throughFastify;
    // The write makes the kept page stale at once; its fresh render may take seconds on a loaded machine.
    await expect.poll(async () => (await request('/product/lamp')).body.toString('utf8'), { timeout: 15_000 }).toContain('Brighter lamp');
    expect(throughFastify).toBeGreaterThan(before);
  });
});
