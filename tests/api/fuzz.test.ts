import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { discoverApiRoutes } from '../helpers/routes';

/**
 * Throws garbage at every write route of the API, as the administrator:
 * each answer must be a 4xx with the error envelope, nothing may change, and
 * the server must stay healthy.
 */

type Method = 'POST' | 'PUT' | 'DELETE' | 'PATCH';
type Route = { method: Method; path: string };
type Ids = { product: string; category: string; tag: string };

const MEGABYTE = 'x'.repeat(1024 * 1024);
const routeKey = (route: Route) => `${route.method} ${route.path}`;

const WRITE_METHODS = new Set<string>(['POST', 'PUT', 'DELETE', 'PATCH']);

/** Every write route the app has, so a new route cannot escape the fuzzing. */
const discoverWriteRoutes = (app: FastifyInstance): Route[] =>
  discoverApiRoutes(app).filter((route): route is Route => WRITE_METHODS.has(route.method));

const product = (ids: Ids) => ({
  slug: 'fuzzed',
  title: 'Fuzzed',
  duration: '1 hour',
  mainImage: '/uploads/f.jpg',
  buyLink: 'https://shop.example.com/f',
  description: '<p>Body</p>',
  introVideo: '/uploads/f.mp4',
  categories: [ids.category],
  tags: [ids.tag],
  gallery: [{ url: '/uploads/g.jpg', order: 0 }],
  darkMode: false,
  order: 1,
  heroConfig: { title: 'Hero', textColor: '#ffffff', button1: { isActive: true, text: 'Go', link: '/', color: 'primary', variant: 'solid', size: 'md' } },
});
const category = () => ({
  slug: 'fuzzed',
  title: 'Fuzzed',
  description: 'Fuzzed',
  tileImage: '/uploads/c.jpg',
  tileVideo: '/uploads/c.mp4',
  itemsPerRow: 2,
  order: 1,
  heroConfig: { title: 'Hero', button2: { isActive: false, size: 'sm' } },
});
const hero = () => ({ title: 'Hero', logo: '/uploads/l.png', textColor: '#ffffff', button1: { isActive: true, text: 'Go', size: 'lg' } });

/** A valid body per route taking JSON; the fuzzing breaks one field at a time. */
const JSON_BODIES: Record<string, (ids: Ids) => unknown> = {
  'POST /api/auth/login': () => ({ password: 'not-the-password', remember: false }),
  'POST /api/newsletter/subscribe': () => ({ email: 'fuzz@example.com' }),
  'DELETE /api/newsletter/subscribers': () => ({ ids: ['no-such-subscriber'] }),
  'POST /api/products': product,
  'PUT /api/products/:id': product,
  'PUT /api/products/reorder/bulk': (ids) => ({ products: [{ id: ids.product, order: 3 }] }),
  'PUT /api/products/:id/position': () => ({ position: 2 }),
  'POST /api/categories': category,
  'PUT /api/categories/:id': category,
  'PUT /api/categories/reorder/bulk': (ids) => ({ categories: [{ id: ids.category, order: 3 }] }),
  'POST /api/tags': () => ({ title: 'Fuzz tag' }),
  'POST /api/pages': () => ({ title: 'Fuzz page', slug: 'fuzz-page', shareImage: '/uploads/s.jpg', blocks: [{ type: 'callToAction', heading: 'Go', text: 'Now', button: { text: 'Go', link: '/about' } }] }),
  // Tried on the tag's id: no page has it, so nothing changes.
  'PUT /api/navigation': () => ({ header: [{ label: 'Home', href: '/', children: [{ label: 'About', href: '/about' }] }], footer: [{ heading: 'Legal', links: [{ label: 'About', href: '/about' }] }] }),
  'PUT /api/pages/:id': () => ({ title: 'Fuzz page', slug: 'fuzz-page', blocks: [] }),
  // No page has these ids: every valid body meets an unknown form (404), so nothing is kept.
  'POST /api/forms/:pageId/:blockId/submissions': () => ({ name: 'Fuzz', email: 'fuzz@example.com', message: 'Hello' }),
  'PUT /api/tags/:id': () => ({ title: 'Fuzz tag' }),
  'POST /api/attributes': () => ({ name: 'Fuzz level', slug: 'fuzz-level', type: 'choice', values: ['Beginner', 'Expert'], filter: true }),
  // Tried on the tag's id: no attribute has it, so nothing changes.
  'PUT /api/attributes/:id': () => ({ name: 'Fuzz level', slug: 'fuzz-level', type: 'choice', values: ['Beginner', 'Expert'], filter: true }),
  'PUT /api/homepage': hero,
  'PUT /api/about': () => ({ heroConfig: hero(), content: '<p>About</p>' }),
  'PUT /api/theme': () => ({ primaryColor: '#123456', newsletterImage: '/uploads/n.jpg' }),
  'PUT /api/site-settings': () => ({ name: 'Fuzz', tagline: 'Fuzzing', socialLinks: [{ network: 'github', url: 'https://github.com/fuzz' }], contactEmail: 'fuzz@example.com' }),
  // Tried on the tag's id: every valid body meets an unknown media item, so nothing changes.
  'PATCH /api/media/:id': () => ({ alt: 'Fuzz alt', decorative: false, focalPoint: { x: 0.5, y: 0.5 } }),
  'PUT /api/auth/password': () => ({ currentPassword: 'not-the-password', newPassword: 'a-long-enough-new-passphrase' }),
  'POST /api/auth/2fa/enable': () => ({ code: '123456' }),
  'POST /api/auth/2fa/disable': () => ({ password: 'not-the-password', code: '123456' }),
  'POST /api/preview': () => ({ kind: 'about', data: { heroConfig: hero(), content: '<p>About</p>' } }),
  'POST /api/redirects': () => ({ from: '/fuzzed-from', to: '/fuzzed-to', status: 301 }),
  // Tried on the tag's id: no redirect has it, so nothing changes.
  'PUT /api/redirects/:id': () => ({ from: '/fuzzed-from', to: '/fuzzed-to', status: 302 }),
  'POST /api/webhooks': () => ({ url: 'https://hooks.example.com/fuzz', description: 'Fuzz', events: ['ping'], enabled: true }),
  // Tried on the tag's id: no endpoint has it, so nothing changes.
  'PUT /api/webhooks/:id': () => ({ url: 'https://hooks.example.com/fuzz', description: 'Fuzz', events: ['ping'], enabled: false }),
};
/** Routes that read no JSON body: only unparseable bodies and bad ids apply. */
const NO_JSON_BODY = new Set([
  'POST /api/auth/verify',
  'POST /api/auth/logout',
  'POST /api/upload/image',
  'POST /api/homepage/upload',
  'POST /api/import',
  'DELETE /api/products/:id',
  'DELETE /api/categories/:id',
  'DELETE /api/tags/:id',
  'DELETE /api/pages/:id',
  'DELETE /api/form-submissions/:id',
  'POST /api/pages/:id/revisions/:revisionId/restore',
  'DELETE /api/media/:id',
  'POST /api/auth/2fa/setup',
  'POST /api/auth/sessions/revoke-others',
  'DELETE /api/auth/sessions/:id',
  'POST /api/products/:id/revisions/:revisionId/restore',
  'POST /api/categories/:id/revisions/:revisionId/restore',
  'POST /api/homepage/revisions/:revisionId/restore',
  'POST /api/about/revisions/:revisionId/restore',
  'POST /api/theme/revisions/:revisionId/restore',
  'DELETE /api/newsletter/subscribers/:id',
  'DELETE /api/redirects/:id',
  'DELETE /api/webhooks/:id',
  'DELETE /api/attributes/:id',
  'POST /api/webhooks/:id/rotate',
  'POST /api/webhooks/:id/test',
  'POST /api/webhooks/:id/deliveries/:deliveryId/retry',
]);
/** Reports whose body is read and dropped (decision 060): any body at all answers 204, tried on its own below. */
const BODY_IGNORED = new Set(['POST /api/analytics/buy/:productSlug']);
/** Multipart upload routes: any JSON body at all is the wrong kind of request. */
const UPLOADS = new Set(['POST /api/upload/image', 'POST /api/homepage/upload']);
const NUMERIC_FIELDS = new Set(['order', 'itemsPerRow']);

type Mutation = { label: string; field: string; body: string };

const wrongTypeOf = (value: unknown): unknown => {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return '12';
  if (typeof value === 'boolean') return 'true';
  if (Array.isArray(value)) return { not: 'a list' };
  return [1, 2, 3];
};

/** One broken copy of `base` per leaf and per kind of damage: wrong type, 1 MB string, negative or NaN numbers. */
function mutations(base: unknown): Mutation[] {
  const result: Mutation[] = [];
  const visit = (value: unknown, path: (string | number)[]) => {
    if (path.length > 0) {
      const field = path.join('.');
      const withValue = (replacement: unknown) => JSON.stringify(setAt(base, path, replacement));
      result.push({ label: `${field} of the wrong type`, field, body: withValue(wrongTypeOf(value)) });
      result.push({ label: `${field} as a 1 MB string`, field, body: withValue(MEGABYTE) });
      if (NUMERIC_FIELDS.has(String(path.at(-1)))) {
        result.push({ label: `${field} negative`, field, body: withValue(-1) });
        result.push({ label: `${field} negative and huge`, field, body: withValue(-1e12) });
        // NaN is not JSON: the text is written by hand.
        result.push({ label: `${field} NaN`, field: '', body: withValue(987654321).replace('987654321', 'NaN') });
      }
    }
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...path, index]));
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) visit(item, [...path, key]);
  };
  visit(base, []);
  return result;
}

function setAt(base: unknown, path: (string | number)[], replacement: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let cursor = copy;
  for (const key of path.slice(0, -1)) cursor = cursor[key] as Record<string | number, unknown>;
  cursor[path.at(-1)!] = replacement;
  return copy;
}

/** Bodies that are not JSON at all. */
const UNPARSEABLE = [
  { label: 'truncated JSON', body: '{"title": "x", ' },
  { label: 'NaN', body: 'NaN' },
  { label: 'an object holding NaN', body: '{"order": NaN, "itemsPerRow": NaN}' },
  { label: 'single quotes', body: "{'title': 'x'}" },
  { label: 'a trailing comma', body: '{"title": "x",}' },
  { label: 'undefined', body: 'undefined' },
];
/** JSON of the wrong shape for a route expecting an object. */
const WRONG_SHAPES = [
  { label: 'an empty array', body: '[]' },
  { label: 'an array of objects', body: '[{"title": "x"}]' },
  { label: 'a 1 MB string', body: JSON.stringify(MEGABYTE) },
  { label: 'a number', body: '42' },
  { label: 'a negative number', body: '-1' },
  { label: 'null', body: 'null' },
  { label: 'true', body: 'true' },
];

describe('fuzzing every write route', () => {
  let t: TestApp;
  let ids: Ids;
  let routes: Route[];
  let snapshot: Record<string, unknown>;

  const readAll = async () => {
    const state: Record<string, unknown> = {};
    for (const url of ['/api/products', '/api/categories', '/api/tags', '/api/homepage', '/api/about', '/api/theme']) {
      state[url] = (await t.app.inject({ method: 'GET', url })).json();
    }
    state.subscribers = (await t.asAdmin({ method: 'GET', url: '/api/newsletter/subscribers' })).json();
    state.media = await t.app.ctx.db.selectFrom('media').selectAll().execute();
    return state;
  };

  const send = (route: Route, body: string, id?: string) =>
    t.asAdmin({
      method: route.method,
      url: route.path.replace(':id', encodeURIComponent(id ?? idFor(route))),
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
  const idFor = (route: Route) =>
    route.path.startsWith('/api/products') ? ids.product : route.path.startsWith('/api/categories') ? ids.category : ids.tag;

  const expectRejected = (response: LightMyRequestResponse, label: string, field?: string) => {
    expect(response.statusCode, `${label}: ${response.statusCode} ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, label).toBeLessThan(500);
    const body = response.json();
    // `field` names the input the refusal is about, when it is about one (decision 037).
    expect(Object.keys(body).filter((key) => key !== 'field').sort(), label).toEqual(['error', 'success']);
    if ('field' in body) expect(body.error.startsWith(`${body.field}: `) || body.error.includes('already exists'), label).toBe(true);
    expect(body.success, label).toBe(false);
    expect(typeof body.error, label).toBe('string');
    expect(body.error.length, label).toBeGreaterThan(0);
    if (field) expect(body.error, label).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}: `));
  };

  beforeAll(async () => {
    t = await startTestApp();
    const created = async (url: string, payload: object) => {
      const response = await t.asAdmin({ method: 'POST', url, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.id as string;
    };
    const categoryId = await created('/api/categories', { ...category(), slug: 'existing', order: undefined });
    const tagId = await created('/api/tags', { title: 'Existing' });
    const productId = await created('/api/products', { ...product({ category: categoryId, tag: tagId, product: '' }), slug: 'existing' });
    ids = { product: productId, category: categoryId, tag: tagId };
    await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'existing@example.com' } });
    routes = discoverWriteRoutes(t.app).filter((route) => !BODY_IGNORED.has(routeKey(route)));
    snapshot = await readAll();
  });
  afterAll(async () => t.close());

  it('knows how to fuzz every write route of the API', () => {
    const keys = routes.map(routeKey);
    expect(keys).toEqual(expect.arrayContaining([...Object.keys(JSON_BODIES), 'POST /api/auth/verify', 'POST /api/auth/logout']));
    const unplanned = keys.filter((key) => !(key in JSON_BODIES) && !NO_JSON_BODY.has(key));
    expect(unplanned, 'add these routes to the fuzz plan').toEqual([]);
  });

  it('answers a Buy Now report 204 whatever its body (413 over 4 kB), and changes no content', async () => {
    for (const { label, body } of [...UNPARSEABLE, ...WRONG_SHAPES]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/analytics/buy/existing', payload: body, headers: { 'content-type': 'application/json' } });
      if (body.length > 4 * 1024) expectRejected(response, label);
      else expect(response.statusCode, label).toBe(204);
    }
    expect(await readAll()).toEqual(snapshot);
  });

  it('rejects bodies that are not JSON on every write route, even with an existing id', async () => {
    for (const route of routes) {
      for (const { label, body } of UNPARSEABLE) expectRejected(await send(route, body), `${routeKey(route)} with ${label}`);
    }
  });

  it('rejects JSON of the wrong shape on every route that reads a body', async () => {
    for (const route of routes) {
      const key = routeKey(route);
      // Body-less routes ignore a well-formed body; deleting is tried on an unknown id.
      if (NO_JSON_BODY.has(key) && !UPLOADS.has(key) && route.method !== 'DELETE') continue;
      for (const { label, body } of WRONG_SHAPES) {
        expectRejected(await send(route, body, route.method === 'DELETE' ? 'no-such-id' : undefined), `${key} with ${label}`);
      }
    }
  });

  it('rejects each broken field of each body, naming the field', async () => {
    let count = 0;
    for (const route of routes) {
      const makeBody = JSON_BODIES[routeKey(route)];
      if (!makeBody) continue;
      for (const mutation of mutations(makeBody(ids))) {
        expectRejected(await send(route, mutation.body), `${routeKey(route)} with ${mutation.label}`, mutation.field || undefined);
        count += 1;
      }
    }
    expect(count).toBeGreaterThan(200);
  });

  it('rejects missing fields on the create routes', async () => {
    for (const key of ['POST /api/products', 'POST /api/categories', 'POST /api/tags', 'POST /api/newsletter/subscribe', 'POST /api/auth/login', 'PUT /api/theme']) {
      const [method, path] = key.split(' ') as [Method, string];
      expectRejected(await send({ method, path }, '{}'), `${key} with {}`);
    }
  });

  it('answers 4xx for ids that are unknown, huge or strange', async () => {
    for (const route of routes.filter((item) => item.path.includes(':id'))) {
      const makeBody = JSON_BODIES[routeKey(route)];
      const body = makeBody ? JSON.stringify(makeBody(ids)) : '{}';
      for (const id of ['no-such-id', 'x'.repeat(10_000), '../../etc/passwd', "' OR 1=1 --", '%00', ' ']) {
        expectRejected(await send(route, body, id), `${routeKey(route)} with id ${id.slice(0, 20)}`);
      }
    }
  });

  it('changed nothing, kept the admin session and stays healthy', async () => {
    expect(await readAll()).toEqual(snapshot);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().success).toBe(true);
    const verify = await t.asAdmin({ method: 'POST', url: '/api/auth/verify' });
    expect(verify.statusCode).toBe(200);
  });
});
