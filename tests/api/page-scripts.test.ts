import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { aProduct } from '../helpers/factories';

const CLIENT_DIR = 'dist/client';

/** The starter tag of a page with a hero (html-document.ts, decision 048), or undefined. */
const starterOf = (html: string) => {
  const match = /<script type="module" data-entry="([^"]+)" data-modules="([^"]*)">([\s\S]*?)<\/script>/.exec(html);
  return match ? { entry: match[1]!, modules: match[2]!.split(' ').filter(Boolean), text: match[3]! } : undefined;
};
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

// `npm test` builds first; without a client build the pages carry no scripts at all.
describe.runIf(fs.existsSync(path.join(CLIENT_DIR, '.vite/manifest.json')))(`how public pages start their scripts (${testDatabaseKind})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({}, { web: true });
    const product = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'with-hero' }) });
    expect(product.statusCode, product.body).toBe(201);
  });
  afterAll(async () => t.close());

  it('a page with a hero names only the starter, which its security policy allows by hash', async () => {
    const response = await t.app.inject({ url: '/product/with-hero' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toMatch(/<img[^>]*fetchpriority="high"/i);
    const starter = starterOf(html);
    expect(starter).toBeDefined();
    // Nothing else asks for a script before the hero is painted.
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/<script type="module" src=/);
    expect(starter!.entry).toMatch(/^\/assets\/entry-client-[\w-]+\.js$/);
    expect(starter!.modules.some((href) => /^\/assets\/pages-[\w-]+\.js$/.test(href))).toBe(true);
    const scriptSources = /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))![1]!.split(' ');
    expect(scriptSources).toEqual(["'self'", sha256(starter!.text)]);
  });

  it('every file the starter loads is served, for a year', async () => {
    const starter = starterOf((await t.app.inject({ url: '/product/with-hero' })).body)!;
    for (const href of [starter.entry, ...starter.modules]) {
      const response = await t.app.inject({ url: href });
      expect(response.statusCode, href).toBe(200);
      expect(response.headers['content-type'], href).toMatch(/javascript/);
      expect(response.headers['cache-control'], href).toContain('immutable');
    }
  });

  it('a page without a hero preloads its scripts at once', async () => {
    const html = (await t.app.inject({ url: '/search?q=nothing-matches-this' })).body;
    expect(html).not.toMatch(/fetchpriority="high"/i);
    expect(starterOf(html)).toBeUndefined();
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/pages-[\w-]+\.js">/);
    expect(html).toMatch(/<script type="module" src="\/assets\/entry-client-[\w-]+\.js"><\/script>/);
  });

  it('public pages go without Cross-Origin-Opener-Policy; the back-office and the API keep it', async () => {
    for (const url of ['/', '/product/with-hero', '/search?q=x', '/no-such-page']) {
      expect((await t.app.inject({ url })).headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
    for (const url of ['/admin', '/admin/products', '/api/products', '/api/no-such-route', '/uploads/nothing.png']) {
      expect((await t.app.inject({ url })).headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
  });
});
