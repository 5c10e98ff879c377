import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct, aTag } from '../helpers/factories';

const BASE = 'https://shop.example.com';

/**
 * Issue 23: made-up page addresses and made-up `?tags=` values never reach
 * the database twice: the site's addresses are read once per content version,
 * what they lack is looked up once by one indexed read (it may be a write not
 * heard yet) and remembered; not-found pages come from one kept page per
 * shape, unknown tags are dropped by a redirect. Proven by counting SQL
 * statements and renders. The bounds count the statements the visits themselves make (their async
 * context), so the site's own timers (the publish schedule's poll, the media sweep, the LISTEN heartbeat)
 * landing in the window do not count against them.
 */
describe('made-up addresses never reach the database', () => {
  let t: TestApp;
  let statements = 0;
  /** Statements run inside a visit made through `visit` (their async context), not by background work. */
  let visitStatements = 0;
  const inVisit = new AsyncLocalStorage<true>();
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: BASE }, { web: true });
    const category = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'design', title: 'Design' }) })).json().data;
    const red = (await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title: 'Red' }) })).json().data;
    await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'lamp', title: 'Lamp', categories: [category.id], tags: [red.id] }) });
    await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'secret', title: 'Secret', status: 'draft' }) });
    // Every statement the app's database handle runs (page reads use no transaction).
    const executor = t.app.ctx.db.getExecutor();
    const execute = executor.executeQuery.bind(executor);
    executor.executeQuery = ((...args: Parameters<typeof execute>) => {
      statements += 1;
      if (inVisit.getStore()) visitStatements += 1;
      return execute(...args);
    }) as typeof executor.executeQuery;
  });
  afterAll(async () => t.close());

  // Awaited inside the context: an injected request starts when it is awaited.
  const visit = (url: string) => inVisit.run(true, async () => await t.app.inject({ method: 'GET', url }));
  const html = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;

  it('answers 1,000 made-up addresses of every shape from the cache: no render; one look-up each, none the second time', async () => {
    // The counter sees a render's statements (so its zero below means something).
    const atStart = statements;
    expect((await t.app.inject({ method: 'GET', url: '/about' })).statusCode).toBe(200);
    expect(statements).toBeGreaterThan(atStart);
    // The first of each shape renders its not-found page once.
    const first = { product: await html('/product/nope'), category: await html('/category/nope'), other: await html('/nope/deeper') };
    expect(first.product).toContain('noindex');
    expect(first.category).toContain('Category Not Found');
    expect(first.other).toContain('Page Not Found');
    const renders = t.app.renderCache.stats.renders;
    const reads = t.app.knownAddresses.reads;
    const before = visitStatements;

    const shapes = ['product', 'category', 'other'] as const;
    const visitAll = async () => {
      for (let i = 0; i < 1000; i++) {
        const shape = shapes[i % 3]!;
        const url = shape === 'product' ? `/product/made-up-${i}` : shape === 'category' ? `/category/made-up-${i}?page=${i}&tags=x${i}` : `/made-up/${i}/page.php?id=${i}`;
        const response = await visit(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).toBe(first[shape]);
      }
    };
    await visitAll();
    // The first time: one indexed read of the item (product, category) and one of the redirects, no render.
    // The visits' statements are counted (their look-ups are seen), and bounded.
    expect(visitStatements - before).toBeGreaterThanOrEqual(1000);
    expect(visitStatements - before).toBeLessThanOrEqual(2 * 1000);
    expect(t.app.knownAddresses.lookups).toBeGreaterThanOrEqual(1000);
    const afterFirst = visitStatements;
    await visitAll();
    expect(visitStatements - afterFirst).toBe(0);
    expect(t.app.renderCache.stats.renders).toBe(renders);
    expect(t.app.knownAddresses.reads).toBe(reads);
    // A draft's address is answered like a made-up one: nothing tells them apart.
    expect(await html('/product/secret')).toBe(first.product);
    expect(await html('/product/secret')).toBe(first.product);
  });

  it('an item another worker or copy wrote a moment ago, not yet heard of here, is shown, not a 404', async () => {
    // Written behind this app's back, as another process's write is until its notice arrives.
    const now = new Date().toISOString();
    const template = await t.app.ctx.db.selectFrom('products').selectAll().where('slug', '=', 'lamp').executeTakeFirstOrThrow();
    await t.app.ctx.db.insertInto('products').values({ ...template, id: 'written-elsewhere', slug: 'written-elsewhere', title: 'Written elsewhere', created_at: now, updated_at: now }).execute();
    const response = await t.app.inject({ method: 'GET', url: '/product/written-elsewhere' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Written elsewhere');
  });

  it('a not-found page carries noindex and names no address of its own (no canonical, no og:url)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/product/whatever' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<meta name="robots" content="noindex">');
    expect(response.body).not.toContain('rel="canonical"');
    expect(response.body).not.toContain('og:url');
    expect(response.body).not.toContain('whatever');
    // Real pages keep theirs.
    const lamp = await t.app.inject({ method: 'GET', url: '/product/lamp' });
    expect(lamp.statusCode).toBe(200);
    expect(lamp.body).toContain(`<link rel="canonical" href="${BASE}/product/lamp"`);
  });

  it('unknown tags are dropped by a redirect to the page without them: never a cache entry, a canonical or a render of their own', async () => {
    await html('/category/design?tags=red');
    const renders = t.app.renderCache.stats.renders;
    const before = visitStatements;
    const visitAll = async () => {
      for (let i = 0; i < 1000; i++) {
        const response = await visit(`/category/design?tags=red,made-up-${i}&utm_source=x`);
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe('/category/design?tags=red');
      }
      const none = await visit('/category/design?page=2&tags=zzz');
      expect(none.statusCode).toBe(302);
      expect(none.headers.location).toBe('/category/design?page=2');
    };
    await visitAll();
    // One indexed read of each made-up tag the first time; none the second.
    expect(visitStatements - before).toBeGreaterThanOrEqual(1000);
    expect(visitStatements - before).toBeLessThanOrEqual(1001);
    const afterFirst = visitStatements;
    await visitAll();
    expect(visitStatements - afterFirst).toBe(0);
    expect(t.app.renderCache.stats.renders).toBe(renders);

    const kept = await html('/category/design?tags=red');
    expect(kept).toContain(`<link rel="canonical" href="${BASE}/category/design?tags=red"`);
    expect(kept).not.toContain('noindex');
  });

  it('follows writes: a new product, tag or redirect at a made-up address is seen at once', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/product/made-up-1' })).statusCode).toBe(404);
    await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'made-up-1', title: 'Now real' }) });
    const real = await t.app.inject({ method: 'GET', url: '/product/made-up-1' });
    expect(real.statusCode).toBe(200);
    expect(real.body).toContain('Now real');

    await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title: 'Made up 2' }) });
    expect((await t.app.inject({ method: 'GET', url: '/category/design?tags=made-up-2' })).statusCode).toBe(200);

    const created = await t.asAdmin({ method: 'POST', url: '/api/redirects', payload: { from: '/made-up/7/old', to: '/about', status: 301 } });
    expect(created.statusCode, created.body).toBe(201);
    const moved = await t.app.inject({ method: 'GET', url: '/made-up/7/old?x=1' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/about?x=1');
  });

  it('reads the addresses once per content version, however many visitors ask at once', async () => {
    await t.asAdmin({ method: 'PUT', url: '/api/about', payload: { heroConfig: { title: 'About' }, content: '<p>Moves the version</p>' } });
    const reads = t.app.knownAddresses.reads;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => t.app.inject({ method: 'GET', url: `/burst/${i}` })));
    expect(answers.every((response) => response.statusCode === 404)).toBe(true);
    expect(t.app.knownAddresses.reads).toBe(reads + 1);
  });
});
