import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { ADMIN_PASSWORD, createTestEnv, startTestApp, testConfig, testDatabaseKind, type TestApp, type TestEnv } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

/** Waits until `check` holds, polling; fails after `ms`. */
async function eventually(check: () => Promise<boolean>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await sleep(50);
  }
}

describe('scheduled publishing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { web: true });
    await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'launches' }) });
  });
  afterAll(async () => t.close());

  const page = (url: string) => t.app.inject({ method: 'GET', url });

  it('goes live at its time with nobody acting: the cached category page, the product page and the API change then', async () => {
    const category = (await t.app.inject({ method: 'GET', url: '/api/categories/slug/launches' })).json().data;
    const due = inMs(1500);
    await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'monday-launch', title: 'Monday Launch', categories: [category.id], status: 'scheduled', publishAt: due }) });
    // Cached before the time: hits of the same page version.
    expect((await page('/category/launches')).body).not.toContain('Monday Launch');
    expect((await page('/category/launches')).body).not.toContain('Monday Launch');
    expect((await page('/product/monday-launch')).statusCode).toBe(404);
    expect(t.app.ctx.schedule.next).toBe(due);
    const version = t.app.ctx.contentEvents.current;

    // The timer moves the content version at the time, without a request.
    await eventually(async () => t.app.ctx.contentEvents.current > version, 3000);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(due));
    expect((await page('/category/launches')).body).toContain('Monday Launch');
    expect((await page('/product/monday-launch')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/slug/monday-launch' })).json().data.status).toBe('published');
    expect(t.app.ctx.schedule.next).toBeNull();
  });

  it('a page request right at the time already gets the new page, even before the timer', async () => {
    const category = (await t.app.inject({ method: 'GET', url: '/api/categories/slug/launches' })).json().data;
    const due = inMs(1000);
    await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'on-time', title: 'On Time', categories: [category.id], status: 'scheduled', publishAt: due }) });
    expect((await page('/category/launches')).body).not.toContain('On Time');
    await sleep(Date.parse(due) - Date.now());
    // checkDue on the request itself: no wait for the timer.
    await eventually(async () => (await page('/category/launches')).body.includes('On Time'), 1000);
  });

  it('survives a restart: the schedule is read from the database', async () => {
    const due = inMs(2500);
    await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'after-restart', title: 'After Restart', status: 'scheduled', publishAt: due }) });
    await t.restart();
    expect(t.app.ctx.schedule.next).toBe(due);
    expect((await page('/product/after-restart')).statusCode).toBe(404);
    expect((await page('/')).body).not.toContain('After Restart');
    await eventually(async () => (await page('/product/after-restart')).statusCode === 200, 4000);
  });

  it('a scheduled category goes live with its page', async () => {
    await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'coming-soon', title: 'Coming Soon', status: 'scheduled', publishAt: inMs(1000) }) });
    expect((await page('/category/coming-soon')).statusCode).toBe(404);
    expect((await page('/')).body).not.toContain('Coming Soon');
    await eventually(async () => (await page('/category/coming-soon')).statusCode === 200, 3000);
    expect((await page('/')).body).toContain('Coming Soon');
  });

  it('a scheduled page made of blocks goes live at its time, and the default footer lists it then', async () => {
    const due = inMs(1000);
    const created = await t.asAdmin({ method: 'POST', url: '/api/pages', payload: { title: 'Launch Notes', slug: 'launch-notes', status: 'scheduled', publishAt: due, blocks: [{ type: 'richText', html: '<p>Out now</p>' }] } });
    expect(created.statusCode, created.body).toBe(201);
    // The write's own re-read of the schedule may still be on its way (PostgreSQL): this one follows it.
    await t.app.ctx.schedule.refresh();
    expect(t.app.ctx.schedule.next).toBe(due);
    // Rendered (and kept) before the time.
    expect((await page('/pages/launch-notes')).statusCode).toBe(404);
    expect((await page('/about')).body).not.toContain('Launch Notes');
    await eventually(async () => (await page('/pages/launch-notes')).statusCode === 200, 3000);
    expect((await page('/about')).body).toContain('Launch Notes');
  });
});

// Two copies of the app on one PostgreSQL database, as behind a load balancer.
describe.runIf(testDatabaseKind === 'postgres')('scheduled publishing with two copies on PostgreSQL', () => {
  let env: TestEnv;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    env = await createTestEnv();
    first = await buildApp(testConfig(env), { web: true });
    second = await buildApp(testConfig(env), { web: true });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await env?.destroy();
  });

  it('both copies show the item at its time, each from its own reading of the database', async () => {
    const token = (await first.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD } })).json().data.token as string;
    const admin = { authorization: `Bearer ${token}` };
    const category = (await first.inject({ method: 'POST', url: '/api/categories', headers: admin, payload: aCategory({ slug: 'shared' }) })).json().data;
    // Both copies have the page cached before the schedule exists.
    for (const app of [first, second]) expect((await app.inject({ method: 'GET', url: '/category/shared' })).statusCode).toBe(200);

    const due = inMs(2000);
    const made = await first.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin,
      payload: aProduct({ slug: 'two-copies', title: 'Two Copies', categories: [category.id], status: 'scheduled', publishAt: due }),
    });
    expect(made.statusCode, made.body).toBe(201);
    // The other copy learns the next due time from the database after hearing of the write.
    await eventually(async () => second.ctx.schedule.next === due, 3000);
    for (const app of [first, second]) expect((await app.inject({ method: 'GET', url: '/category/shared' })).body).not.toContain('Two Copies');

    const versions = [first.ctx.contentEvents.current, second.ctx.contentEvents.current];
    await eventually(async () => first.ctx.contentEvents.current > versions[0]! && second.ctx.contentEvents.current > versions[1]!, 4000);
    for (const app of [first, second]) {
      expect((await app.inject({ method: 'GET', url: '/category/shared' })).body).toContain('Two Copies');
      expect((await app.inject({ method: 'GET', url: '/api/products/slug/two-copies' })).statusCode).toBe(200);
    }
  });

  it('a copy started after the schedule was made knows it too', async () => {
    const token = (await first.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD } })).json().data.token as string;
    const due = inMs(2500);
    await first.inject({
      method: 'POST',
      url: '/api/products',
      headers: { authorization: `Bearer ${token}` },
      payload: aProduct({ slug: 'late-copy', title: 'Late Copy', status: 'scheduled', publishAt: due }),
    });
    const third = await buildApp(testConfig(env), { web: true });
    try {
      expect(third.ctx.schedule.next).toBe(due);
      expect((await third.inject({ method: 'GET', url: '/product/late-copy' })).statusCode).toBe(404);
      await eventually(async () => (await third.inject({ method: 'GET', url: '/product/late-copy' })).statusCode === 200, 4000);
    } finally {
      await third.close();
    }
  });
});
