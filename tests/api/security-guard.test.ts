import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { discoverApiRoutes, type RouteEntry } from '../helpers/routes';
import { aCategory, aProduct, aTag } from '../helpers/factories';

/**
 * Probes of the admin guard as an attacker sends them: every API route that
 * is not deliberately public must refuse a caller without a token under any
 * spelling of its URL, and nothing may change.
 */

// The deliberate public surface of the API. A route missing here is admin-only.
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/products',
  'GET /api/products/slug/:slug',
  'GET /api/products/facets',
  'GET /api/attributes',
  'GET /api/products/:id',
  'GET /api/categories',
  'GET /api/categories/slug/:slug',
  'GET /api/categories/:id',
  'GET /api/tags',
  'GET /api/tags/:id',
  'GET /api/homepage',
  'GET /api/about',
  'GET /api/theme',
  'GET /api/site-settings',
  'GET /api/media/info',
  'GET /api/search',
  'GET /api/search/pages',
  'GET /api/search/facets',
  'GET /api/pages',
  'GET /api/pages/slug/:slug',
  'GET /api/navigation',
  'POST /api/forms/:pageId/:blockId/submissions',
  'POST /api/auth/login',
  'POST /api/auth/verify',
  'POST /api/auth/logout',
  'POST /api/newsletter/subscribe',
  'POST /api/analytics/buy/:productSlug',
]);
const isPublic = (route: RouteEntry) =>
  PUBLIC_ROUTES.has(`${route.method === 'HEAD' ? 'GET' : route.method} ${route.path}`);

/** Other ways to write the same path that a router may decode, fold or ignore. */
function spellings(path: string): string[] {
  const [, first = '', ...rest] = path.split('/');
  const tail = rest.join('/');
  const encodeFirst = (segment: string) => `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}`;
  const encodeSecond = (segment: string) => `${segment[0]}%${segment.charCodeAt(1).toString(16).toUpperCase()}${segment.slice(2)}`;
  const variants = [
    path,
    `/${encodeFirst(first)}/${tail}`,
    `/${encodeSecond(first)}/${tail}`,
    `/${first}/${encodeFirst(tail)}`,
    `//${first}/${tail}`,
    `/${first}//${tail}`,
    `${path}/`,
    `/${first.toUpperCase()}/${tail}`,
    `/${first}/${tail.toUpperCase()}`,
    `${path}?x=1`,
    `${path};x=1`,
  ];
  return [...new Set(variants)];
}

describe('admin guard under every spelling', () => {
  let t: TestApp;
  let routes: RouteEntry[];
  const ids = { product: '', category: '', tag: '', productSlug: 'guarded-product', categorySlug: 'guarded-category' };

  const snapshot = async () => {
    const reads = ['/api/about', '/api/theme', '/api/homepage', '/api/tags', '/api/products', '/api/categories', '/api/newsletter/subscribers'];
    return Promise.all(reads.map(async (url) => (await t.asAdmin({ method: 'GET', url })).body));
  };

  beforeAll(async () => {
    t = await startTestApp();
    ids.category = (
      await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: ids.categorySlug, title: 'Guarded' }) })
    ).json().data.id;
    ids.tag = (await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title: 'Guarded tag' }) })).json().data.id;
    ids.product = (
      await t.asAdmin({
        method: 'POST',
        url: '/api/products',
        payload: aProduct({ slug: ids.productSlug, title: 'Guarded product', categories: [ids.category] }),
      })
    ).json().data.id;
    await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'secret@example.com' } });
    routes = discoverApiRoutes(t.app);
  });
  afterAll(() => t.close());

  const concrete = (path: string) => {
    const id = path.startsWith('/api/products') ? ids.product : path.startsWith('/api/categories') ? ids.category : ids.tag;
    const slug = path.startsWith('/api/products') ? ids.productSlug : ids.categorySlug;
    return path.replace(':id', id).replace(':slug', slug).replace(':revisionId', 'x').replace('*', 'x');
  };
  // A body each write would accept, so a guard that let it through would show in the snapshot.
  const BODY = { content: '<p>defaced</p>', title: 'defaced', primaryColor: '#000000', newsletterImage: '', products: [], categories: [] };

  it('knows the public surface: every other route is admin-only', () => {
    const admin = routes.filter((route) => !isPublic(route));
    expect(admin.length).toBeGreaterThan(15);
    expect(routes.filter(isPublic).map((route) => `${route.method} ${route.path}`)).toContain('HEAD /api/products');
  });

  it('refuses every admin route, read or write, under every spelling, and changes nothing', async () => {
    const before = await snapshot();
    const admitted: string[] = [];
    for (const route of routes.filter((r) => !isPublic(r))) {
      for (const url of spellings(concrete(route.path))) {
        const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
        const response = await t.app.inject({ method: route.method as 'GET', url, ...(hasBody ? { payload: BODY } : {}) });
        if (response.statusCode < 400 || response.statusCode >= 500) admitted.push(`${route.method} ${url} → ${response.statusCode}`);
        if (url === concrete(route.path)) expect(response.statusCode, `${route.method} ${url}`).toBe(401);
      }
    }
    expect(admitted).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('guards HEAD exactly like GET: no subscriber count leaks through Content-Length', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/api/newsletter/subscribers' });
    expect(head.statusCode).toBe(401);
    const list = await t.asAdmin({ method: 'GET', url: '/api/newsletter/subscribers' });
    expect(head.headers['content-length']).not.toBe(list.headers['content-length']);
  });

  it('refuses the probe requests over real HTTP, sent byte for byte', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const send = (method: string, path: string, body?: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request({ host: '127.0.0.1', port, method, path, headers: body ? { 'content-type': 'application/json' } : {} }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', reject);
        request.end(body);
      });
    const before = await snapshot();
    expect(await send('PUT', '/%61pi/about', '{"content":"<p>x</p>"}')).toBe(401);
    expect(await send('PUT', '/a%70i/theme', '{"primaryColor":"#000000"}')).toBe(401);
    expect(await send('POST', '/%61pi/tags', '{"title":"sneaky"}')).toBe(401);
    expect(await send('GET', '/%61pi/newsletter/subscribers')).toBe(401);
    expect(await send('HEAD', '/a%70i/newsletter/subscribers')).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('marks admin and sign-in answers no-store, and sends a Permissions-Policy everywhere', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'wrong-password' }, remoteAddress: '10.55.0.1' });
    expect(login.headers['cache-control']).toBe('private, no-store');
    const list = await t.asAdmin({ method: 'GET', url: '/api/newsletter/subscribers' });
    expect(list.headers['cache-control']).toBe('private, no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/newsletter/subscribers' });
    expect(refused.headers['cache-control']).toBe('private, no-store');
    for (const url of ['/api/products', '/api/newsletter/subscribers', '/uploads/nothing.png']) {
      const policy = String((await t.app.inject({ url })).headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment']) expect(policy).toContain(`${feature}=()`);
    }
  });

  it('sends the same security headers on pages, API answers, media and errors', async () => {
    for (const url of ['/', '/product/no-such-product', '/api/products', '/api/no-such-route', '/uploads/nothing.png']) {
      const headers = (await t.app.inject({ url })).headers;
      const policy = String(headers['content-security-policy']);
      expect(policy, url).toContain("default-src 'self'");
      // Without public pages no inline script is allowed; with them, the starter's hash (page-scripts.test.ts).
      expect(policy, url).toContain("script-src 'self';");
      expect(policy, url).toContain('frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com');
      expect(policy, url).toContain("frame-ancestors 'self'");
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(headers['strict-transport-security'], url).toMatch(/^max-age=\d+; includeSubDomains$/);
      expect(headers['referrer-policy'], url).toBe('no-referrer');
      // This app serves no public pages (web: false); those go without it (decision 048, page-scripts.test.ts).
      expect(headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(headers['cross-origin-embedder-policy'], url).toBeUndefined();
      expect(headers['x-powered-by'], url).toBeUndefined();
    }
  });
});
