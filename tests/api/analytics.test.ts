import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { aProduct } from '../helpers/factories';
import { PRODUCTS_CSV_HEADER } from '../../src/shared/schemas/analytics';

/** Issue 27: the site counts its own page views and Buy Now clicks, without cookies (decision 060). */
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('analytics: counting page views and Buy Now clicks', () => {
  let t: TestApp;
  let today: string;
  let productId: string;
  beforeAll(async () => {
    t = await startTestApp({}, { web: true });
    const created = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'lamp' }) });
    expect(created.statusCode).toBe(201);
    productId = created.json().data.id;
    today = (await t.asAdmin({ method: 'GET', url: '/api/analytics/site-day' })).json().data.today;
  });
  afterAll(async () => t.close());

  const view = (url: string, headers: Record<string, string> = {}, remoteAddress = '203.0.113.7', method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers: { 'user-agent': CHROME, ...headers }, remoteAddress });
  const click = (slug: string, headers: Record<string, string> = {}, remoteAddress = '203.0.113.7', payload = 'PING') =>
    t.app.inject({ method: 'POST', url: `/api/analytics/buy/${slug}`, headers: { 'user-agent': CHROME, 'content-type': 'text/ping', ...headers }, payload, remoteAddress });
  const summary = async (from = today, to = today) => {
    const response = await t.asAdmin({ method: 'GET', url: `/api/analytics/summary?from=${from}&to=${to}` });
    expect(response.statusCode).toBe(200);
    return response.json().data as { visitors: number; pageviews: number; buyClicks: number; series: { date: string; visitors: number; pageviews: number; buyClicks: number }[] };
  };
  const products = async (query = '') => {
    const response = await t.asAdmin({ method: 'GET', url: `/api/analytics/products?from=${today}&to=${today}${query}` });
    expect(response.statusCode).toBe(200);
    return response.json().data as { productId: string; slug: string; title: string; views: number; buyClicks: number; ctr: number }[];
  };
  const counted = async <T>(action: () => Promise<T>) => {
    const before = await summary();
    await action();
    await t.app.ctx.analytics.flush();
    const after = await summary();
    return { visitors: after.visitors - before.visitors, pageviews: after.pageviews - before.pageviews, buyClicks: after.buyClicks - before.buyClicks };
  };

  it('counts a public page answer and its product, and sets no cookie', async () => {
    const result = await counted(async () => {
      const first = await view('/product/lamp');
      expect(first.statusCode).toBe(200);
      expect(first.headers['set-cookie']).toBeUndefined();
      const again = await view('/product/lamp?utm_source=news');
      expect(again.statusCode).toBe(200);
      expect((await view('/')).statusCode).toBe(200);
    });
    expect(result).toEqual({ visitors: 1, pageviews: 3, buyClicks: 0 });
    const lamp = (await products()).find((row) => row.productId === productId);
    expect(lamp).toMatchObject({ slug: 'lamp', title: 'Product lamp', views: 2, buyClicks: 0, ctr: 0 });
  });

  it('counts the pages answered by the cached path in front of Fastify, and leaves out its HEAD and bots', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const get = (headers: Record<string, string>, method = 'GET') => fetch(`${base}/product/lamp`, { method, headers: { 'accept-encoding': 'gzip', ...headers } });
    // The first answer goes through Fastify and teaches the cached path this address.
    expect((await get({ 'user-agent': CHROME })).status).toBe(200);
    const rendersBefore = t.app.renderCache.stats.renders;
    const result = await counted(async () => {
      for (let index = 0; index < 3; index++) {
        const response = await get({ 'user-agent': FIREFOX });
        expect(response.status).toBe(200);
        expect(response.headers.get('set-cookie')).toBeNull();
        await response.arrayBuffer();
      }
      expect((await get({ 'user-agent': FIREFOX }, 'HEAD')).status).toBe(200);
      expect((await get({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' })).status).toBe(200);
    });
    expect(t.app.renderCache.stats.renders).toBe(rendersBefore);
    expect(result).toEqual({ visitors: 1, pageviews: 3, buyClicks: 0 });
  });

  it('counts each request the connection front answers from one connection, the same head again included', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    // The first answer goes through Fastify and teaches the cached path this address.
    expect((await fetch(`http://127.0.0.1:${port}/product/lamp`, { headers: { 'accept-encoding': 'gzip', 'user-agent': CHROME } })).status).toBe(200);
    const head = (userAgent: string, referer?: string) =>
      `GET /product/lamp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUser-Agent: ${userAgent}\r\nAccept-Encoding: gzip\r\n${referer ? `Referer: ${referer}\r\n` : ''}\r\n`;
    const result = await counted(async () => {
      const socket = net.connect(port, '127.0.0.1');
      let received = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
      /** Sends one head and waits for its whole answer (head and Content-Length bytes of body). */
      const ask = async (text: string) => {
        received = Buffer.alloc(0);
        socket.write(text);
        await expect
          .poll(() => {
            const end = received.indexOf('\r\n\r\n');
            const length = /content-length: (\d+)/i.exec(received.subarray(0, end).toString('latin1'));
            return end !== -1 && length !== null && received.length >= end + 4 + Number(length[1]);
          })
          .toBe(true);
        expect(received.subarray(0, 15).toString('latin1')).toBe('HTTP/1.1 200 OK');
      };
      // One visitor's head twice, a second visitor's from another site, the first head again, then a bot's head twice:
      // four views of two visitors (user agents of their own: this file's other tests count FIREFOX from this address).
      const [first, second] = [`${FIREFOX} Front/1`, `${FIREFOX} Front/2`];
      for (const text of [head(first), head(first), head(second, 'https://front.example.com/a'), head(first), head('Googlebot/2.1'), head('Googlebot/2.1')]) await ask(text);
      socket.destroy();
    });
    expect(result).toEqual({ visitors: 2, pageviews: 4, buyClicks: 0 });
    const referrers = (await t.asAdmin({ method: 'GET', url: `/api/analytics/referrers?from=${today}&to=${today}` })).json().data as { host: string; visitors: number }[];
    expect(referrers).toContainEqual({ host: 'front.example.com', visitors: 1 });
  });

  it('keeps the identical answers of a batch (a visitor reloading) as one raw event with their number', async () => {
    const result = await counted(async () => {
      for (let index = 0; index < 4; index++) await view('/?utm_campaign=reload-test', {}, '203.0.113.80');
    });
    expect(result).toEqual({ visitors: 1, pageviews: 4, buyClicks: 0 });
    const rows = await t.app.ctx.db.selectFrom('analytics_events').select(['path', 'count']).where('utm_campaign', '=', 'reload-test').execute();
    expect(rows).toEqual([{ path: '/', count: 4 }]);
  });

  it('leaves out bots, requests without a user agent, prefetches, prerenders, HEAD and error pages', async () => {
    const result = await counted(async () => {
      await view('/product/lamp', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
      await view('/product/lamp', { 'user-agent': 'curl/8.5.0' });
      await t.app.inject({ method: 'GET', url: '/product/lamp', remoteAddress: '198.51.100.1' });
      await view('/product/lamp', { 'sec-purpose': 'prefetch' });
      await view('/product/lamp', { 'sec-purpose': 'prefetch;prerender' });
      await view('/product/lamp', { purpose: 'prefetch' });
      expect((await view('/product/lamp', {}, '203.0.113.7', 'HEAD')).statusCode).toBe(200);
      expect((await view('/product/no-such-lamp')).statusCode).toBe(404);
      expect((await view('/api/analytics/nothing')).statusCode).toBe(404);
    });
    expect(result).toEqual({ visitors: 0, pageviews: 0, buyClicks: 0 });
  });

  it("leaves out the owner's own visits: the device cookie of a sign-in, not a tracking cookie", async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'correct-horse-battery' }, headers: { 'user-agent': FIREFOX } });
    expect(login.statusCode).toBe(200);
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/^showcase_device=[^;]+; Path=\/;.*HttpOnly; SameSite=Strict/);
    const cookie = setCookie.split(';', 1)[0]!;
    const owner = await counted(async () => {
      await view('/product/lamp', { cookie, 'user-agent': FIREFOX }, '192.0.2.50');
      await click('lamp', { cookie, 'user-agent': FIREFOX }, '192.0.2.50');
    });
    expect(owner).toEqual({ visitors: 0, pageviews: 0, buyClicks: 0 });
    // A forged cookie is a visitor like any other.
    const forged = await counted(() => view('/product/lamp', { cookie: 'showcase_device=AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB', 'user-agent': FIREFOX }, '192.0.2.51'));
    expect(forged).toEqual({ visitors: 1, pageviews: 1, buyClicks: 0 });
  });

  it('counts one Buy Now click once, however it is reported (ping and beacon), and answers 204 for everything', async () => {
    const result = await counted(async () => {
      const ping = await click('lamp', { 'ping-from': 'http://localhost:3000/product/lamp', 'ping-to': 'https://shop.example.com/buy' }, '203.0.113.20');
      expect(ping.statusCode).toBe(204);
      expect(ping.body).toBe('');
      expect(ping.headers['set-cookie']).toBeUndefined();
      const beacon = await click('lamp', { 'content-type': 'text/plain;charset=UTF-8' }, '203.0.113.20', '');
      expect(beacon.statusCode).toBe(204);
    });
    expect(result.buyClicks).toBe(1);
    // Another visitor's click is another click.
    expect((await counted(() => click('lamp', {}, '203.0.113.21'))).buyClicks).toBe(1);
  });

  it('does not count a click on a product the site does not know, or from a bot', async () => {
    const result = await counted(async () => {
      expect((await click('no-such-lamp', {}, '203.0.113.30')).statusCode).toBe(204);
      expect((await click('lamp', { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0)' }, '203.0.113.30')).statusCode).toBe(204);
    });
    expect(result.buyClicks).toBe(0);
    expect((await click('Not A Slug', {}, '203.0.113.30')).json().error).toMatch(/^productSlug: /);
  });

  it('stops counting a flood from one client (a limit in the database), not other clients', async () => {
    for (let index = 0; index < 32; index++) {
      const created = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: `flood-${index}` }) });
      expect(created.statusCode).toBe(201);
    }
    const flood = await counted(async () => {
      for (let index = 0; index < 32; index++) expect((await click(`flood-${index}`, {}, '203.0.113.40')).statusCode).toBe(204);
    });
    expect(flood.buyClicks).toBe(30);
    expect((await counted(() => click('flood-0', {}, '203.0.113.41'))).buyClicks).toBe(1);
  });

  it('keeps the referrer host and the landing campaign per visit; the site itself is no referrer', async () => {
    await view('/product/lamp?utm_source=newsletter&utm_medium=email&utm_campaign=winter', { referer: 'https://www.example.org/some/path?q=secret' }, '203.0.113.60');
    await view('/', { referer: 'https://www.example.org/other' }, '203.0.113.60');
    await view('/', { referer: 'http://localhost:3000/product/lamp' }, '203.0.113.61');
    await view('/', { referer: 'https://news.example.net/' }, '203.0.113.62');
    await t.app.ctx.analytics.flush();
    const referrers = (await t.asAdmin({ method: 'GET', url: `/api/analytics/referrers?from=${today}&to=${today}` })).json().data as { host: string; visitors: number }[];
    expect(referrers).toEqual(expect.arrayContaining([{ host: 'www.example.org', visitors: 1 }, { host: 'news.example.net', visitors: 1 }]));
    expect(referrers.map((row) => row.host)).not.toContain('localhost');
    const breakdown = (await t.asAdmin({ method: 'GET', url: `/api/analytics/breakdown?from=${today}&to=${today}` })).json().data;
    expect(breakdown.campaigns).toContainEqual({ source: 'newsletter', medium: 'email', campaign: 'winter', visitors: 1 });
    expect(breakdown.pages.map((row: { path: string }) => row.path)).toEqual(expect.arrayContaining(['/', '/product/lamp']));
  });

  it('stores no address, no user agent and no full referrer in any analytics table', async () => {
    await view('/product/lamp', { 'user-agent': `${CHROME} Unique/42`, referer: 'https://private.example.com/secret-path' }, '198.51.100.77');
    await click('lamp', { 'user-agent': `${CHROME} Unique/42` }, '198.51.100.77');
    await t.app.ctx.analytics.flush();
    const db = t.app.ctx.db;
    const tables = (await db.introspection.getTables()).map((table) => table.name).filter((name) => name.startsWith('analytics_'));
    expect(tables.sort()).toEqual(['analytics_daily', 'analytics_daily_counts', 'analytics_daily_products', 'analytics_events', 'analytics_salts', 'analytics_span_counts', 'analytics_span_pages', 'analytics_span_products', 'analytics_visitors']);
    let rows = 0;
    for (const table of tables) {
      const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
      rows += result.rows.length;
      const text = JSON.stringify(result.rows);
      for (const secret of ['198.51.100.77', '203.0.113.7', 'Unique/42', 'Chrome/130', 'secret-path']) expect(text, `${table} holds ${secret}`).not.toContain(secret);
    }
    expect(rows).toBeGreaterThan(0);
    const limits = JSON.stringify((await db.selectFrom('rate_limits').selectAll().where('key', 'like', 'analytics:%').execute()));
    expect(limits).toContain('analytics:');
    expect(limits).not.toContain('198.51.100.77');
  });

  it('gives the same figures on the summary, the product list and the CSV', async () => {
    const range = `from=${today}&to=${today}`;
    const totals = await summary();
    const list = await products();
    const csv = await t.asAdmin({ method: 'GET', url: `/api/analytics/products.csv?${range}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...lines] = csv.body.trim().split('\r\n');
    expect(header).toBe(PRODUCTS_CSV_HEADER);
    expect(lines.map((line) => line.split(','))).toEqual(list.map((row) => [row.productId, row.slug, row.title, String(row.views), String(row.buyClicks), String(row.ctr)]));
    const lamp = list.find((row) => row.slug === 'lamp')!;
    expect(lamp.ctr).toBe(lamp.buyClicks / lamp.views);
    // Every product view is a page view; every click belongs to a product.
    expect(list.reduce((sum, row) => sum + row.buyClicks, 0)).toBe(totals.buyClicks);
    expect(list.reduce((sum, row) => sum + row.views, 0)).toBeLessThanOrEqual(totals.pageviews);
    const byClicks = (await products('&sort=buyClicks')).map((row) => row.buyClicks);
    expect(byClicks).toEqual([...byClicks].sort((a, b) => b - a));
    const byCtr = (await products('&sort=ctr')).map((row) => row.ctr);
    expect(byCtr).toEqual([...byCtr].sort((a, b) => b - a));
    // The list paging contract.
    const first = await t.asAdmin({ method: 'GET', url: `/api/analytics/products?${range}&limit=2` });
    expect(first.json().meta.total).toBe(list.length);
    const second = await t.asAdmin({ method: 'GET', url: `/api/analytics/products?${range}&limit=2&cursor=${first.json().meta.nextCursor}` });
    expect([...first.json().data, ...second.json().data]).toEqual(list.slice(0, 4));
  });

  it('keeps a product\'s figures when its slug changes', async () => {
    const before = (await products()).find((row) => row.productId === productId)!;
    const current = await t.asAdmin({ method: 'GET', url: `/api/products/${productId}` });
    const renamed = await t.asAdmin({ method: 'PUT', url: `/api/products/${productId}`, payload: { ...current.json().data, slug: 'desk-lamp' } });
    expect(renamed.statusCode).toBe(200);
    const after = (await products()).find((row) => row.productId === productId)!;
    expect(after).toEqual({ ...before, slug: 'desk-lamp' });
  });

  it('answers 400 naming the parameter for a bad date, from after to, or over 731 days', async () => {
    const ask = async (query: string) => (await t.asAdmin({ method: 'GET', url: `/api/analytics/summary?${query}` })).json();
    for (const route of ['summary', 'products', 'referrers', 'products.csv']) {
      const response = await t.asAdmin({ method: 'GET', url: `/api/analytics/${route}?from=2026-02-30&to=2026-03-01` });
      expect(response.statusCode, route).toBe(400);
      expect(response.json().error, route).toBe('from: must be a date as YYYY-MM-DD');
    }
    expect((await ask('from=2026-01-01&to=tomorrow')).error).toBe('to: must be a date as YYYY-MM-DD');
    expect((await ask('from=2026-01-01')).error).toMatch(/^to: /);
    expect((await ask('from=2026-03-02&to=2026-03-01')).error).toBe('from: must not be after to');
    expect((await ask('from=2024-01-01&to=2025-12-31')).success).toBe(true);
    expect((await ask('from=2024-01-01&to=2026-01-01')).error).toBe('to: must be at most 731 days from from (both included)');
    expect((await t.asAdmin({ method: 'GET', url: `/api/analytics/products?from=${today}&to=${today}&sort=price` })).json().error).toBe('sort: must be views, buyClicks or ctr');
  });

  it('answers the figures to the administrator only', async () => {
    for (const url of ['summary', 'products', 'products.csv', 'referrers', 'breakdown']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/analytics/${url}?from=${today}&to=${today}` })).statusCode, url).toBe(401);
    }
  });
});

describe('analytics: days, salts, retention and restarts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { web: true });
    expect((await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'chair' }) })).statusCode).toBe(201);
  });
  afterAll(async () => t.close());

  const view = (url: string, remoteAddress = '203.0.113.7') => t.app.inject({ method: 'GET', url, headers: { 'user-agent': CHROME }, remoteAddress });
  const dayOf = (ms: number) => {
    const date = new Date(ms);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  };

  it('rotates the salt daily: the same browser is a new visitor the next day, and the old salt is deleted', async () => {
    const analytics = t.app.ctx.analytics;
    const start = Date.now() - 3 * DAY_MS;
    const [first, second] = [dayOf(start), dayOf(start + DAY_MS)];
    analytics.clock = () => start;
    await view('/product/chair');
    await view('/');
    await analytics.flush();
    analytics.clock = () => start + DAY_MS;
    await view('/product/chair');
    await analytics.flush();
    const db = t.app.ctx.db;
    const salts = await db.selectFrom('analytics_salts').select('day').execute();
    expect(salts.map((row) => row.day)).toEqual([second]);
    const visitors = await db.selectFrom('analytics_events').select(['day', 'visitor']).where('day', 'in', [first, second]).execute();
    const firstDay = new Set(visitors.filter((row) => row.day === first).map((row) => row.visitor));
    const secondDay = new Set(visitors.filter((row) => row.day === second).map((row) => row.visitor));
    expect(firstDay.size).toBe(1);
    expect(secondDay.size).toBe(1);
    expect([...firstDay][0]).not.toBe([...secondDay][0]);
    const summary = (await t.asAdmin({ method: 'GET', url: `/api/analytics/summary?from=${first}&to=${second}` })).json().data;
    expect(summary.series).toEqual([
      { date: first, visitors: 1, pageviews: 2, buyClicks: 0 },
      { date: second, visitors: 1, pageviews: 1, buyClicks: 0 },
    ]);
    expect(summary.visitors).toBe(2);
    analytics.clock = Date.now;
  });

  it('fills the days without visits with zeros', async () => {
    const series = (await t.asAdmin({ method: 'GET', url: '/api/analytics/summary?from=2020-02-27&to=2020-03-01' })).json().data.series;
    expect(series).toEqual(['2020-02-27', '2020-02-28', '2020-02-29', '2020-03-01'].map((date) => ({ date, visitors: 0, pageviews: 0, buyClicks: 0 })));
  });

  it('removes raw events after 30 days and summaries after 25 months', async () => {
    const analytics = t.app.ctx.analytics;
    const db = t.app.ctx.db;
    const now = Date.now();
    const old = now - 40 * DAY_MS;
    analytics.clock = () => old;
    await view('/product/chair', '203.0.113.90');
    await analytics.flush();
    const oldDay = dayOf(old);
    const ancient = '2020-01-01';
    await db.insertInto('analytics_daily').values({ day: ancient, visitors: 5, pageviews: 9, buy_clicks: 1 }).execute();
    expect(await db.selectFrom('analytics_events').select('day').where('day', '=', oldDay).execute()).toHaveLength(1);
    analytics.clock = () => now;
    await view('/', '203.0.113.91');
    await analytics.flush();
    expect(await db.selectFrom('analytics_events').select('day').where('day', '=', oldDay).execute()).toHaveLength(0);
    expect(await db.selectFrom('analytics_visitors').select('day').where('day', '=', oldDay).execute()).toHaveLength(0);
    // The day's summary outlives its raw events; one beyond 25 months does not.
    const kept = (await t.asAdmin({ method: 'GET', url: `/api/analytics/summary?from=${oldDay}&to=${oldDay}` })).json().data;
    expect(kept.pageviews).toBe(1);
    expect(await db.selectFrom('analytics_daily').select('day').where('day', '=', ancient).execute()).toHaveLength(0);
  });

  it('writes every acknowledged view on a graceful restart', async () => {
    const today = dayOf(Date.now());
    const before = (await t.asAdmin({ method: 'GET', url: `/api/analytics/summary?from=${today}&to=${today}` })).json().data.pageviews;
    for (let index = 0; index < 5; index++) expect((await view('/product/chair', `203.0.113.${100 + index}`)).statusCode).toBe(200);
    // No flush: the close writes the batch before the database closes.
    await t.restart();
    const after = (await t.asAdmin({ method: 'GET', url: `/api/analytics/summary?from=${today}&to=${today}` })).json().data.pageviews;
    expect(after - before).toBe(5);
  });
});
