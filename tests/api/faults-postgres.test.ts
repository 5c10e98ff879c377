import pg from 'pg';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { countByStatus, login, startLoad, waitFor, type Load, type Outcome } from '../helpers/load';
import { TcpProxy } from '../helpers/tcp-proxy';
import { createTestEnv, testConfig, testDatabaseKind, type TestEnv } from '../helpers/test-app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every answer under a fault is a success or a 503 with Retry-After and the envelope: never a 500, never a hang. */
function expectOnlyCleanAnswers(outcomes: Outcome[]): void {
  const bad = outcomes.filter((o) => ![200, 201, 503].includes(o.status));
  expect(bad.map((o) => `${o.kind} ${o.status} after ${o.ms} ms: ${JSON.stringify(o.body)}`)).toEqual([]);
  for (const unavailable of outcomes.filter((o) => o.status === 503)) {
    expect(unavailable.retryAfter).toMatch(/^\d+$/);
    expect(unavailable.body).toEqual({ success: false, error: expect.stringMatching(/database/i) });
  }
}

// The app reaches PostgreSQL through a TCP proxy the test cuts, stalls and
// restores, under concurrent reads and writes over real HTTP.
describe.runIf(testDatabaseKind === 'postgres')('PostgreSQL faults under load', () => {
  let env: TestEnv;
  let proxy: TcpProxy;
  let app: FastifyInstance;
  let base: string;
  let token: string;
  let admin: pg.Client;
  let load: Load | undefined;

  beforeAll(async () => {
    env = await createTestEnv();
    const target = new URL(env.databaseUrl!);
    proxy = await new TcpProxy(target.hostname, Number(target.port || 5432)).start();
    app = await buildApp(testConfig(env, { DATABASE_URL: proxy.url(env.databaseUrl!), LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' }), { web: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    token = await login(base);
    // Straight to the server, not through the proxy: the test's own view of the data.
    admin = new pg.Client({ connectionString: env.databaseUrl });
    await admin.connect();
  });
  afterEach(async () => {
    await load?.stop();
    load = undefined;
    proxy.restore();
  });
  afterAll(async () => {
    await admin?.end();
    await app?.close();
    await proxy?.close();
    await env?.destroy();
  });

  /** Every tag the app acknowledged is in the database. */
  async function expectNothingLost(ids: string[]): Promise<void> {
    const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from tags where id = any($1)', [ids]);
    expect(rows[0]!.n).toBe(ids.length);
  }

  /** Milliseconds after `since` until a write succeeds again. */
  async function recoveryAfter(since: number): Promise<number> {
    await waitFor(() => load!.outcomes.some((o) => o.kind === 'write' && o.status === 201 && o.startedAt >= since), 10_000, 'a write to succeed');
    const first = load!.outcomes.filter((o) => o.kind === 'write' && o.status === 201 && o.startedAt >= since).sort((a, b) => a.startedAt + a.ms - (b.startedAt + b.ms))[0]!;
    return first.startedAt + first.ms - since;
  }

  it('connections cut: 503 at once, no crash, writes again within seconds, nothing acknowledged lost', async () => {
    load = startLoad(base, token, { readers: 4, writers: 2 });
    await sleep(500);
    const cutAt = Date.now();
    proxy.cut();
    await sleep(2_000);
    const restoredAt = Date.now();
    proxy.restore();
    const recoveryMs = await recoveryAfter(restoredAt);
    await sleep(300);
    await load.stop();

    const during = load.outcomes.filter((o) => o.startedAt >= cutAt && o.startedAt < restoredAt);
    const unavailable = during.filter((o) => o.status === 503);
    console.info('cut', { statuses: countByStatus(load.outcomes), during: countByStatus(during), slowest503Ms: Math.max(...unavailable.map((o) => o.ms)), recoveryMs });
    expectOnlyCleanAnswers(load.outcomes);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(Math.max(...unavailable.map((o) => o.ms))).toBeLessThan(2_500);
    expect(recoveryMs).toBeLessThan(5_000);
    await expectNothingLost(load.acknowledged);
  });

  it('backends terminated (as a pooler or failover does): no crash, no 500, nothing acknowledged lost', async () => {
    load = startLoad(base, token, { readers: 4, writers: 2 });
    await sleep(300);
    let terminated = 0;
    for (let round = 0; round < 5; round++) {
      const { rows } = await admin.query<{ ok: boolean }>(
        'select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      terminated += rows.length;
      await sleep(300);
    }
    const lastAt = Date.now();
    const recoveryMs = await recoveryAfter(lastAt);
    await load.stop();
    console.info('terminate', { terminated, statuses: countByStatus(load.outcomes), recoveryMs });
    expect(terminated).toBeGreaterThan(5);
    expectOnlyCleanAnswers(load.outcomes);
    expect(recoveryMs).toBeLessThan(5_000);
    await expectNothingLost(load.acknowledged);
    // Ready again within seconds: the pool may still hand out a connection that was cut.
    await expect.poll(async () => (await fetch(`${base}/api/health/ready`)).status, { timeout: 5_000, interval: 200 }).toBe(200);
  });

  it('a table locked by another session: its reads answer 503 after the lock timeout, other requests go on', async () => {
    await admin.query('begin');
    await admin.query('lock table products in access exclusive mode');
    const lockedAt = Date.now();
    try {
      const [products, health, ready] = await Promise.all([
        fetch(`${base}/api/products`).then(async (r) => ({ status: r.status, ms: Date.now() - lockedAt, retryAfter: r.headers.get('retry-after'), body: await r.json() })),
        fetch(`${base}/api/health`).then((r) => ({ status: r.status, ms: Date.now() - lockedAt })),
        fetch(`${base}/api/health/ready`).then((r) => ({ status: r.status, ms: Date.now() - lockedAt })),
      ]);
      console.info('table lock', { products: { status: products.status, ms: products.ms }, health, ready });
      expect(products.status).toBe(503);
      expect(products.retryAfter).toBe('2');
      expect(products.body).toEqual({ success: false, error: expect.stringMatching(/busy/) });
      expect(products.ms).toBeLessThan(5_000);
      expect(health).toMatchObject({ status: 200 });
      expect(health.ms).toBeLessThan(1_000);
      expect(ready).toMatchObject({ status: 200 });
    } finally {
      await admin.query('commit');
    }
    const after = await fetch(`${base}/api/products`);
    expect([after.status, await after.text()]).toEqual([200, expect.anything()]);
  });

  it('a stalled network: health answers 503 within seconds, no request hangs, recovery within seconds of restore', async () => {
    load = startLoad(base, token, { readers: 4, writers: 1 });
    await sleep(300);
    const stalledAt = Date.now();
    proxy.stall();
    await sleep(500);
    const [health, ready] = (await Promise.all(
      ['/api/health', '/api/health/ready'].map(async (path) => {
        const started = Date.now();
        const response = await fetch(`${base}${path}`);
        return { status: response.status, ms: Date.now() - started };
      }),
    )) as [{ status: number; ms: number }, { status: number; ms: number }];
    await sleep(13_500);
    const restoredAt = Date.now();
    proxy.restore();
    const recoveryMs = await recoveryAfter(restoredAt);
    await load.stop();

    const during = load.outcomes.filter((o) => o.startedAt >= stalledAt && o.startedAt < restoredAt);
    const unavailable = during.filter((o) => o.status === 503).map((o) => o.ms).sort((a, b) => a - b);
    const median503Ms = unavailable[Math.floor(unavailable.length / 2)];
    console.info('stall', { health, ready, during: countByStatus(during), median503Ms, slowestMs: Math.max(...during.map((o) => o.ms)), recoveryMs });
    expect(health.status).toBe(503);
    expect(health.ms).toBeLessThan(3_000);
    expect(ready.status).toBe(503);
    expect(ready.ms).toBeLessThan(3_500);
    expectOnlyCleanAnswers(load.outcomes);
    expect(unavailable.length).toBeGreaterThan(0);
    // The first requests wait for the client-side read timeout (11 s); later ones for a pool connection (2 s).
    expect(Math.max(...during.map((o) => o.ms))).toBeLessThan(13_500);
    expect(median503Ms).toBeLessThan(3_000);
    expect(recoveryMs).toBeLessThan(5_000);
    await expectNothingLost(load.acknowledged);
  }, 60_000);
});
