import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeCdn, type RecordedCall } from '../helpers/fake-cdn';
import { aCategory, aProduct } from '../helpers/factories';
import { imageForm, noisyJpeg } from '../helpers/media';
import { startTestApp, type TestApp } from '../helpers/test-app';
import pino from 'pino';
import { ContentEvents } from '../../src/server/content/events';
import { SYSTEM, type ContentChange } from '../../src/server/content/changes';
import { keysOfRenditions, purgeCdnOnWrites } from '../../src/server/cdn/cdn-purge';
import type { CdnConfig } from '../../src/server/config';

const silentLog = pino({ level: 'silent' });

const sorted = (keys: string[]) => [...keys].sort();
const keysOf = (header: string | string[] | number | undefined) => String(header ?? '').split(' ').filter(Boolean);

/**
 * A CDN in front (decision 061): public answers name what they show in Surrogate-Key / Cache-Tag /
 * CDN-Tag, and each committed write purges exactly the keys it touches, through the provider's API
 * (here a local fake that records the calls, reached through CDN_PURGE_URL).
 */
describe('a CDN in front: surrogate keys and purges', () => {
  let t: TestApp;
  let cdn: FakeCdn;
  beforeAll(async () => {
    cdn = await new FakeCdn().start();
    t = await startTestApp(
      { CDN_PURGE: 'fastly', CDN_PURGE_URL: cdn.url, CDN_PURGE_TOKEN: 'fastly-test-key', CDN_ZONE: 'service-1', PUBLIC_URL: 'https://shop.example.com' },
      { web: true },
    );
  });
  afterAll(async () => {
    await t?.close();
    await cdn?.close();
  });

  /** The keys the one purge call a write makes names (Fastly: POST /service/<id>/purge, keys in Surrogate-Key). */
  async function purgedBy(write: () => Promise<{ statusCode: number; body: string }>): Promise<string[]> {
    const answer = await write();
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    const [call] = (await cdn.waitForCalls(1)) as [RecordedCall];
    cdn.take();
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/service/service-1/purge');
    expect(call.headers['fastly-key']).toBe('fastly-test-key');
    return keysOf(call.headers['surrogate-key']).sort();
  }

  let lamps: string;
  let chairs: string;
  let lamp: string;
  let tag: string;

  it('purges exactly the keys each kind of write touches, once per write, after it is committed', async () => {
    lamps = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'lamps' }) })).json().data.id;
    expect((await cdn.waitForCalls(1))[0]!.headers['surrogate-key']).toBe(`category:${lamps} categories not-found`);
    cdn.take();
    chairs = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'chairs' }) })).json().data.id;
    await cdn.waitForCalls(1);
    cdn.take();

    let created: { json: () => { data: { id: string } } } | undefined;
    expect(
      await purgedBy(async () => (created = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'desk-lamp', categories: [lamps] }) }))),
    ).toEqual(sorted([`category:${lamps}`, 'not-found', `product:${created!.json().data.id}`, 'products', 'search']));
    lamp = created!.json().data.id;

    // A new title: its own page, the lists that show its card, search; not the other lists.
    expect(
      await purgedBy(() => t.asAdmin({ method: 'PUT', url: `/api/products/${lamp}`, payload: aProduct({ slug: 'desk-lamp', title: 'Brass lamp', categories: [lamps] }) })),
    ).toEqual(sorted([`category:${lamps}`, `product:${lamp}`, 'search']));
    // Moved to another category: both category pages, and every list of products.
    expect(
      await purgedBy(() => t.asAdmin({ method: 'PUT', url: `/api/products/${lamp}`, payload: aProduct({ slug: 'desk-lamp', title: 'Brass lamp', categories: [chairs] }) })),
    ).toEqual(sorted([`category:${chairs}`, `category:${lamps}`, `product:${lamp}`, 'products', 'search']));

    let tagged: { json: () => { data: { id: string } } } | undefined;
    expect(await purgedBy(async () => (tagged = await t.asAdmin({ method: 'POST', url: '/api/tags', payload: { title: 'Brass' } })))).toEqual(sorted([
      'not-found',
      `tag:${tagged!.json().data.id}`,
      'tags',
    ]));
    tag = tagged!.json().data.id;

    for (const [singleton, key] of [['homepage', 'home'], ['about', 'about'], ['theme', 'site'], ['site-settings', 'site']] as const) {
      const current = (await t.asAdmin({ method: 'GET', url: `/api/${singleton}` })).json().data;
      expect(await purgedBy(() => t.asAdmin({ method: 'PUT', url: `/api/${singleton}`, payload: current })), singleton).toEqual(sorted([key]));
    }

    expect(await purgedBy(() => t.asAdmin({ method: 'POST', url: '/api/redirects', payload: { from: '/old-lamp', to: `/product/desk-lamp` } }))).toEqual(sorted(['not-found']));

    let upload: { json: () => { data: { url: string } } } | undefined;
    const mediaKeys = await purgedBy(async () => (upload = await t.asAdmin({ method: 'POST', url: '/api/upload/image', payload: imageForm('image', await noisyJpeg(40, 30), 'lamp.jpg') })));
    const name = /^\/uploads\/([^.]+)\./.exec(upload!.json().data.url)![1];
    expect(mediaKeys).toEqual(sorted([`media:${name}`]));

    expect(await purgedBy(() => t.asAdmin({ method: 'DELETE', url: `/api/tags/${tag}` }))).toEqual(sorted(['not-found', `tag:${tag}`, 'tags']));
    expect(await purgedBy(() => t.asAdmin({ method: 'DELETE', url: `/api/products/${lamp}` }))).toEqual(sorted([
      `category:${chairs}`,
      'not-found',
      `product:${lamp}`,
      'products',
      'search',
    ]));
    // A refused write purges nothing: the next call is the next write's.
    expect((await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'lamps' }) })).statusCode).toBe(409);
    expect(await purgedBy(() => t.asAdmin({ method: 'PUT', url: `/api/categories/${chairs}`, payload: aCategory({ slug: 'chairs', title: 'Seats' }) }))).toEqual(sorted([
      'categories',
      `category:${chairs}`,
    ]));
  });

  it('a scheduled product, category or page going live purges its keys at its time, with nobody writing', async () => {
    const due = new Date(Date.now() + 1500).toISOString();
    const product = (await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'at-dawn', categories: [lamps], status: 'scheduled', publishAt: due }) })).json().data.id;
    const category = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'at-dawn-shelf', status: 'scheduled', publishAt: due }) })).json().data.id;
    const page = (await t.asAdmin({ method: 'POST', url: '/api/pages', payload: { title: 'At dawn', slug: 'at-dawn-page', status: 'scheduled', publishAt: due } })).json().data.id;
    // The three writes' own purges.
    await cdn.waitForCalls(3);
    cdn.take();
    const [call] = (await cdn.waitForCalls(1, 5_000)) as [RecordedCall];
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(due));
    expect(call.path).toBe('/service/service-1/purge');
    expect(keysOf(call.headers['surrogate-key']).sort()).toEqual(
      sorted([`product:${product}`, `category:${lamps}`, 'products', 'search', 'not-found', `category:${category}`, 'categories', `page:${page}`, 'pages']),
    );
    // Once: the time has passed, nothing more goes out for it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cdn.take()).toHaveLength(1);
  });

  it('names what each kind of page shows in Surrogate-Key and Cache-Tag, with the CDN cache directives', async () => {
    const product = (await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'floor-lamp', categories: [lamps], tags: [] }) })).json().data;
    const other = (await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'arm-chair', categories: [chairs] }) })).json().data;
    const page = (url: string) => t.app.inject({ method: 'GET', url });

    const pages = {
      home: await page('/'),
      category: await page('/category/lamps'),
      product: await page('/product/floor-lamp'),
      about: await page('/about'),
      search: await page('/search?q=lamp'),
      notFound: await page('/product/no-such-lamp'),
    };
    for (const [kind, answer] of Object.entries(pages)) {
      expect(answer.headers['cache-control'], kind).toBe('public, max-age=0, s-maxage=86400, stale-while-revalidate=60, stale-if-error=86400');
      const keys = keysOf(answer.headers['surrogate-key']);
      expect(answer.headers['cache-tag'], kind).toBe(keys.join(','));
      // Bunny's CDN-Tag only when Bunny is the CDN: the keys are long enough once.
      expect(answer.headers['cdn-tag'], kind).toBeUndefined();
      // Every page wears the theme and the site settings, and its menu lists the categories.
      expect(keys, kind).toEqual(expect.arrayContaining(['site', 'categories']));
    }
    const keys = Object.fromEntries(Object.entries(pages).map(([kind, answer]) => [kind, keysOf(answer.headers['surrogate-key'])]));
    expect(keys.home).toEqual(expect.arrayContaining(['home', 'products', `product:${product.id}`, `product:${other.id}`]));
    expect(keys.category).toEqual(expect.arrayContaining([`category:${lamps}`, 'products', `product:${product.id}`, 'tags']));
    expect(keys.category).not.toContain(`category:${chairs}`);
    expect(keys.product).toEqual(expect.arrayContaining([`product:${product.id}`, 'media:floor-lamp']));
    expect(keys.product).not.toContain('home');
    expect(keys.about).toEqual(expect.arrayContaining(['about']));
    expect(keys.about).not.toContain('home');
    expect(keys.search).toEqual(expect.arrayContaining(['search', `product:${product.id}`]));
    expect(pages.notFound.statusCode).toBe(404);
    expect(keys.notFound).toEqual(expect.arrayContaining(['not-found', 'products']));

    // The owner's answers are never kept by a shared cache.
    const admin = await t.asAdmin({ method: 'GET', url: '/api/products?status=all' });
    expect(admin.headers['cache-control']).toBe('private, no-store');
    expect(admin.headers['surrogate-key']).toBeUndefined();
    const shell = await page('/admin');
    expect(shell.headers['cache-control']).toBe('private, no-store');
    cdn.take();
  });

  it('a page made of blocks: its keys name the page and what its grid shows; its writes purge the page', async () => {
    const grid = { type: 'productGrid', source: 'category', categoryId: lamps, limit: 4 };
    const text = (html: string) => ({ type: 'richText', html });
    let created: { json: () => { data: { id: string } } } | undefined;
    const createdKeys = await purgedBy(
      async () => (created = await t.asAdmin({ method: 'POST', url: '/api/pages', payload: { title: 'Lamp guide', slug: 'lamp-guide', status: 'published', blocks: [text('<p>Which lamp?</p>'), grid] } })),
    );
    const id = created!.json().data.id;
    // A new page: its address, the menus and search that list pages, and the not-found pages it may replace.
    expect(createdKeys).toEqual(sorted([`page:${id}`, 'not-found', 'pages', 'search']));

    const shown = await t.app.inject({ method: 'GET', url: '/pages/lamp-guide' });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('public, max-age=0, s-maxage=86400, stale-while-revalidate=60, stale-if-error=86400');
    const keys = keysOf(shown.headers['surrogate-key']);
    expect(shown.headers['cache-tag']).toBe(keys.join(','));
    // The page itself, the site and its menus, and the category its product grid shows.
    expect(keys).toEqual(expect.arrayContaining([`page:${id}`, 'site', 'categories', `category:${lamps}`, 'products']));
    expect(keys).not.toContain('home');

    // New text under the same title and address: the page and search, not the menus that list pages.
    const edited = await purgedBy(() =>
      t.asAdmin({ method: 'PUT', url: `/api/pages/${id}`, payload: { title: 'Lamp guide', slug: 'lamp-guide', status: 'published', blocks: [text('<p>Which lamp, and where?</p>'), grid] } }),
    );
    expect(edited).toContain(`page:${id}`);
    expect(edited).toContain('search');
    expect(edited).not.toContain('pages');
    expect(edited).not.toContain('home');
    // No not-found answer can change with it: the shared not-found pages stay cached.
    expect(edited).not.toContain('not-found');

    const save = (fields: Record<string, unknown>) =>
      purgedBy(() => t.asAdmin({ method: 'PUT', url: `/api/pages/${id}`, payload: { title: 'Lamp guide', slug: 'lamp-guide', status: 'published', blocks: [grid], ...fields } }));
    // Renamed: the menus listing it by title, not the not-found pages.
    expect(await save({ title: 'The lamp guide' })).toEqual(sorted([`page:${id}`, 'pages', 'search']));
    // Unpublished, published again, moved: its address (or the old one) answers otherwise.
    expect(await save({ title: 'The lamp guide', status: 'draft' })).toEqual(sorted([`page:${id}`, 'not-found', 'pages', 'search']));
    expect(await save({ title: 'The lamp guide' })).toEqual(sorted([`page:${id}`, 'not-found', 'pages', 'search']));
    expect(await save({ title: 'The lamp guide', slug: 'lamp-guide-2' })).toEqual(sorted([`page:${id}`, 'not-found', 'pages', 'search']));
    expect(await purgedBy(() => t.asAdmin({ method: 'DELETE', url: `/api/pages/${id}` }))).toEqual(sorted([`page:${id}`, 'not-found', 'pages', 'search']));
  });
});

describe('the purge adapters, against a local fake of each API', () => {
  let cdn: FakeCdn;
  beforeAll(async () => {
    cdn = await new FakeCdn().start();
  });
  afterAll(async () => cdn?.close());

  const productChange: ContentChange = {
    entity: 'product',
    action: 'update',
    id: 'p1',
    before: { slug: 'lamp', status: 'published', categories: ['c1'] },
    after: { slug: 'lamp', status: 'published', categories: ['c1'] },
    actor: SYSTEM,
    at: new Date().toISOString(),
  };
  /** The calls one committed product write makes through `kind`'s adapter. */
  async function callsOf(kind: CdnConfig['kind'], change = productChange, expected = 1): Promise<RecordedCall[]> {
    const events = new ContentEvents();
    const purger = purgeCdnOnWrites({ kind, url: cdn.url, token: 'secret-token', zone: 'zone-9' }, events, silentLog);
    events.changed(change);
    await cdn.waitForCalls(expected);
    await purger.stop();
    return cdn.take();
  }

  it('cloudflare: POST /zones/<zone>/purge_cache with a bearer token and the tags, 30 a call', async () => {
    const [call] = await callsOf('cloudflare');
    expect(call).toMatchObject({ method: 'POST', path: '/zones/zone-9/purge_cache', body: JSON.stringify({ tags: ['product:p1', 'category:c1', 'search'] }) });
    expect(call!.headers.authorization).toBe('Bearer secret-token');
    expect(call!.headers['content-type']).toBe('application/json');
  });

  it('fastly: POST /service/<service>/purge with Fastly-Key and the keys in Surrogate-Key', async () => {
    const [call] = await callsOf('fastly');
    expect(call).toMatchObject({ method: 'POST', path: '/service/zone-9/purge', body: '' });
    expect(call!.headers['fastly-key']).toBe('secret-token');
    expect(call!.headers['surrogate-key']).toBe('product:p1 category:c1 search');
  });

  it('bunny: POST /pullzone/<id>/purgeCache with AccessKey, one tag a call', async () => {
    const calls = await callsOf('bunny', productChange, 3);
    expect(calls.map((call) => [call.method, call.path, call.headers.accesskey, call.body])).toEqual([
      ['POST', '/pullzone/zone-9/purgeCache', 'secret-token', JSON.stringify({ CacheTag: 'product:p1' })],
      ['POST', '/pullzone/zone-9/purgeCache', 'secret-token', JSON.stringify({ CacheTag: 'category:c1' })],
      ['POST', '/pullzone/zone-9/purgeCache', 'secret-token', JSON.stringify({ CacheTag: 'search' })],
    ]);
  });

  it('http: POST CDN_PURGE_URL itself with {keys, zone} and a bearer token', async () => {
    const [call] = await callsOf('http');
    expect(call).toMatchObject({ method: 'POST', path: '/', body: JSON.stringify({ keys: ['product:p1', 'category:c1', 'search'], zone: 'zone-9' }) });
    expect(call!.headers.authorization).toBe('Bearer secret-token');
  });

  it('new renditions made here purge the media keys of their images; ones heard from elsewhere are purged where they were made', async () => {
    const events = new ContentEvents();
    const purger = purgeCdnOnWrites({ kind: 'fastly', url: cdn.url, token: 'secret-token', zone: 'zone-9' }, events, silentLog);
    // Heard from the encoder process or another copy: that process purges them, not every worker that hears it.
    events.renditionsReady(['/uploads/heard-elsewhere.jpg'], false);
    events.renditionsReady(['/uploads/abc123.jpg', '/uploads/abc123-w320.avif', '/uploads/def456.png', '/not-an-upload.jpg'], true);
    const [call] = await cdn.waitForCalls(1);
    await purger.stop();
    expect(cdn.take()).toHaveLength(1);
    expect(call!.headers['surrogate-key']).toBe('media:abc123 media:def456');
    expect(keysOfRenditions(['/uploads/x1-w640.webp', '/uploads/x1.jpg'])).toEqual(['media:x1']);
  });

  it('a provider that fails once is asked again; every key still goes out', async () => {
    cdn.failNext(1);
    const calls = await callsOf('cloudflare', productChange, 2);
    expect(calls.map((call) => call.body)).toEqual([0, 1].map(() => JSON.stringify({ tags: ['product:p1', 'category:c1', 'search'] })));
  });
});
