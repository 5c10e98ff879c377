import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { waitFor } from '../helpers/load';
import { TcpProxy } from '../helpers/tcp-proxy';
import { ADMIN_PASSWORD, createTestEnv, testConfig, testDatabaseKind, type TestEnv } from '../helpers/test-app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Two copies on one database; the second hears the first's writes through
// LISTEN, over a proxy the test can cut, and must keep hearing after faults.
describe.runIf(testDatabaseKind === 'postgres')('the LISTEN connection heals', () => {
  let env: TestEnv;
  let proxy: TcpProxy;
  let writer: FastifyInstance;
  let reader: FastifyInstance;
  let admin: pg.Client;
  let token: string;
  let productId: string;

  beforeAll(async () => {
    env = await createTestEnv();
    const target = new URL(env.databaseUrl!);
    proxy = await new TcpProxy(target.hostname, Number(target.port || 5432)).start();
    writer = await buildApp(testConfig(env), { web: true });
    reader = await buildApp(testConfig(env, { DATABASE_URL: proxy.url(env.databaseUrl!) }), { web: true });
    admin = new pg.Client({ connectionString: env.databaseUrl });
    await admin.connect();
    token = (await writer.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD } })).json().data.token;
    const created = await writer.inject({
      method: 'POST',
      url: '/api/products',
      headers: { authorization: `Bearer ${token}` },
      payload: { ...productFields, title: 'Title 1' },
    });
    expect(created.statusCode).toBe(201);
    productId = created.json().data.id;
  });
  afterAll(async () => {
    await admin?.end();
    await writer?.close();
    await reader?.close();
    await proxy?.close();
    await env?.destroy();
  });

  const productFields = {
    slug: 'heard',
    duration: '1 hour',
    mainImage: '/uploads/heard.png',
    buyLink: 'https://buy.example.com/heard',
    description: '<p>Heard</p>',
    introVideo: 'https://youtu.be/dQw4w9WgXcQ',
  };
  const retitle = async (title: string) => {
    const response = await writer.inject({
      method: 'PUT',
      url: `/api/products/${productId}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { ...productFields, title },
    });
    expect(response.statusCode).toBe(200);
  };
  /** The reader's rendered page (cached between writes it hears of). */
  const readerPage = async () => (await reader.inject({ method: 'GET', url: '/product/heard' })).body;
  const readerShows = (title: string) => async () => (await readerPage()).includes(title);

  it('hears a write, and hears again after its LISTEN backend is terminated', async () => {
    expect(await readerPage()).toContain('Title 1');
    await retitle('Title 2');
    await waitFor(readerShows('Title 2'), 2_000, 'the reader to hear the write');

    const pid = reader.ctx.notifications!.backendPid!;
    expect(pid).toBeGreaterThan(0);
    const versionBefore = reader.ctx.contentEvents.current;
    const { rows } = await admin.query<{ ok: boolean }>('select pg_terminate_backend($1) as ok', [pid]);
    expect(rows[0]!.ok).toBe(true);
    const reconnectMs = await waitFor(
      () => reader.ctx.notifications!.state === 'listening' && reader.ctx.notifications!.backendPid !== pid,
      10_000,
      'the listener to come back',
    );
    // Coming back dropped the cached pages once: writes in between may have gone unheard.
    expect(reader.ctx.contentEvents.current).toBeGreaterThan(versionBefore);

    const changedAt = Date.now();
    await retitle('Title 3');
    const heardMs = await waitFor(readerShows('Title 3'), 2_000, 'the reader to hear the write after the reconnect');
    console.info('listen terminate', { reconnectMs, heardMs, sinceWriteMs: Date.now() - changedAt });
  });

  it('cut off from the database: says so in readiness, pages expire in seconds, and all is heard once back', async () => {
    expect(await readerPage()).toContain('Title 3');
    proxy.cut();
    await waitFor(() => reader.ctx.notifications!.state === 'reconnecting', 7_000, 'the reader to notice');
    expect(reader.ctx.contentEvents.maxAgeMs).toBeLessThanOrEqual(5_000);
    const ready = await reader.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error).toMatch(/not hearing other copies' writes/);

    // A write the reader cannot hear of while cut off.
    await retitle('Title 4');
    await sleep(1_000);
    const restoredAt = Date.now();
    proxy.restore();
    const backMs = await waitFor(() => reader.ctx.notifications!.state === 'listening', 15_000, 'the listener to come back');
    await waitFor(readerShows('Title 4'), 1_000, 'the reader to show the write it missed');
    expect((await reader.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    console.info('listen cut', { listeningAgainMsAfterRestore: Date.now() - restoredAt, backMs });

    await retitle('Title 5');
    await waitFor(readerShows('Title 5'), 2_000, 'the reader to hear writes again');
  });

  it('while not hearing, a cached page is served for a few seconds only', async () => {
    expect(await readerPage()).toContain('Title 5');
    reader.ctx.contentEvents.setHearing(false);
    try {
      // Changed behind the reader's back: no notification reaches it.
      await admin.query('update products set title = $1 where id = $2', ['Title 6', productId]);
      expect(await readerPage()).toContain('Title 5');
      const ms = await waitFor(readerShows('Title 6'), 6_000, 'the cached page to expire');
      expect(ms).toBeGreaterThan(500);
    } finally {
      reader.ctx.contentEvents.setHearing(true);
    }
  });
});
