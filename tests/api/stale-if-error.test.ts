import { sql } from 'kysely';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { TcpProxy } from '../helpers/tcp-proxy';
import { aCategory, aProduct } from '../helpers/factories';
import { ADMIN_PASSWORD, createTestEnv, testConfig, testDatabaseKind, type TestEnv } from '../helpers/test-app';

/**
 * Stale rather than broken (decision 061): while the database cannot answer, a page rendered before is
 * served from the render cache; a page never rendered answers a friendly 503 page, API reads a 503; both
 * with Retry-After, never a 500. On PostgreSQL the app reaches the server through a TCP proxy the test
 * cuts, as a restart does; SQLite lives in a file, so there the database stops answering the page's
 * query (its table taken away by another connection), and the same cached page stands in.
 */
describe('stale-if-error', () => {
  let env: TestEnv;
  let proxy: TcpProxy | undefined;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    env = await createTestEnv();
    let databaseUrl = env.databaseUrl;
    if (databaseUrl) {
      const target = new URL(databaseUrl);
      proxy = await new TcpProxy(target.hostname, Number(target.port || 5432)).start();
      databaseUrl = proxy.url(databaseUrl);
    }
    app = await buildApp(testConfig(env, { DATABASE_URL: databaseUrl ?? '', PUBLIC_URL: 'https://shop.example.com' }), { web: true });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD } });
    token = login.json().data.token;
  });
  afterAll(async () => {
    proxy?.restore();
    await app?.close();
    await proxy?.close();
    await env?.destroy();
  });

  const asAdmin = (method: 'POST' | 'PUT', url: string, payload: object) => app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  const page = (url: string) => app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });

  /** What stops the database answering, and what brings it back. */
  const databaseAway = async (): Promise<() => Promise<void>> => {
    if (proxy) {
      proxy.cut();
      return async () => proxy!.restore();
    }
    await sql`alter table products rename to products_away`.execute(app.ctx.db);
    return async () => void (await sql`alter table products_away rename to products`.execute(app.ctx.db));
  };

  const expectNoServerError = (answer: LightMyRequestResponse) => expect(answer.statusCode === 500 || answer.statusCode === 502).toBe(false);

  it('serves the page rendered before while the database is away, a 503 page for one never rendered, 503 for API reads; fresh once back', async () => {
    expect((await asAdmin('PUT', '/api/theme', { primaryColor: '#10b981' })).statusCode).toBe(200);
    const category = await asAdmin('POST', '/api/categories', aCategory({ slug: 'lamps' }));
    expect(category.statusCode, category.body).toBe(201);
    const product = await asAdmin('POST', '/api/products', aProduct({ slug: 'desk-lamp', title: 'Desk lamp', categories: [category.json().data.id] }));
    expect(product.statusCode, product.body).toBe(201);
    const before = await page('/product/desk-lamp');
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('Desk lamp');

    const back = await databaseAway();
    try {
      // Another copy's write (or the reconnect of the listener after a restart) makes every kept page out of date.
      app.ctx.contentEvents.changedElsewhere();
      const servedOnError = app.renderCache.stats.servedOnError;
      // A render slower than the stale wait is answered with the previous page anyway; asked until one
      // failed render was answered with it (the failure itself is never shown).
      for (let i = 0; i < 20 && app.renderCache.stats.servedOnError === servedOnError; i += 1) {
        const stale = await page('/product/desk-lamp');
        expect(stale.statusCode).toBe(200);
        expect(stale.body).toBe(before.body);
        expect(stale.headers['cache-control']).toMatch(/stale-if-error=86400/);
      }
      expect(app.renderCache.stats.servedOnError).toBeGreaterThan(servedOnError);

      if (proxy) {
        // Never rendered: the friendly page in the site's look, to try again; never the error screen.
        const never = await page('/category/lamps');
        expect(never.statusCode).toBe(503);
        expect(never.headers['retry-after']).toBe('5');
        expect(never.headers['cache-control']).toBe('no-store');
        expect(never.headers['content-type']).toMatch(/text\/html/);
        expect(never.body).toContain('Back in a moment');
        expect(never.body).not.toContain('Unexpected Application Error');
        // The site's own colour, remembered from the pages rendered before.
        const themeShade = /<style id="theme-variables">[^<]+<\/style>/.exec(before.body)![0];
        expect(never.body).toContain(themeShade);

        const read = await app.inject({ method: 'GET', url: '/api/products' });
        expect(read.statusCode).toBe(503);
        expect(read.headers['retry-after']).toMatch(/^\d+$/);
        expect(read.json()).toEqual({ success: false, error: expect.stringMatching(/database/i) });
      } else {
        expectNoServerError(await app.inject({ method: 'GET', url: '/api/health' }));
      }
    } finally {
      await back();
    }

    // Back: the page is rendered afresh (an edit made meanwhile shows).
    const edited = await asAdmin('PUT', `/api/products/${product.json().data.id}`, aProduct({ slug: 'desk-lamp', title: 'Desk lamp, brass', categories: [category.json().data.id] }));
    expect(edited.statusCode, edited.body).toBe(200);
    // The previous page may still answer while the fresh render runs (stale-while-revalidate, decision 051).
    let after = await page('/product/desk-lamp');
    for (let i = 0; i < 50 && !after.body.includes('Desk lamp, brass'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await page('/product/desk-lamp');
    }
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Desk lamp, brass');
  });

  it.runIf(testDatabaseKind === 'postgres')('keeps standing in across a database outage longer than a request, then renders again', async () => {
    const first = await page('/product/desk-lamp');
    expect(first.statusCode).toBe(200);
    proxy!.cut();
    try {
      app.ctx.contentEvents.changedElsewhere();
      const answers = [];
      for (let i = 0; i < 5; i += 1) {
        answers.push(await page('/product/desk-lamp'));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
      for (const answer of answers) expect(answer.body).toBe(first.body);
    } finally {
      proxy!.restore();
    }
  });
});
