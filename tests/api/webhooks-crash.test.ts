import { afterAll, describe, expect, it } from 'vitest';
import { isBuilt, startBuiltServer, type BuiltServer } from '../helpers/built-server';
import { ADMIN_PASSWORD, createTestEnv, testDatabaseKind, type TestEnv } from '../helpers/test-app';
import { startWebhookReceiver, type ReceivedHook, type WebhookReceiver } from '../helpers/webhook-receiver';
import { openDatabase } from '../../src/server/db/database';

const ITEMS = 4;
const UPDATES = 4;
/** Requests the receiver has seen when the server is killed: the last of them is still waiting for its answer. */
const KILL_AT = 6;

const deliveryId = (hook: ReceivedHook) => String(hook.headers['x-showcase-delivery']);
const bodyOf = (hook: ReceivedHook) => JSON.parse(hook.body) as { id: string; event: string; data: { id: string; title: string } };

/**
 * Issue 30: `kill -9` of the real server (`npm run build`) while it delivers
 * to a slow receiver. Started again on the same database, it delivers every
 * event at least once, each item's events in the order they were written; the
 * only event sent twice is the one in flight at the kill, with the same
 * delivery id (a receiver de-duplicates by it).
 */
describe.skipIf(!isBuilt())(`a kill -9 during webhook deliveries (${testDatabaseKind})`, () => {
  let env: TestEnv;
  let server: BuiltServer | undefined;
  let receiver: WebhookReceiver | undefined;
  afterAll(async () => {
    await server?.stop(1_000);
    await receiver?.close();
    await env?.destroy();
  });

  it('loses no event and sends none twice but the one in flight', { timeout: 150_000 }, async () => {
    env = await createTestEnv();
    receiver = await startWebhookReceiver(0, { delayMs: 400 });
    const serverEnv = { DATA_DIR: env.dataDir, DATABASE_URL: env.databaseUrl ?? '', ADMIN_PASSWORD, WEB_CONCURRENCY: '1', MEDIA_WORKERS: '0', WEBHOOK_ALLOW_PRIVATE: 'true' };
    server = await startBuiltServer(serverEnv);
    const { baseUrl } = server;
    const login = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: ADMIN_PASSWORD }) });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const send = async (method: string, url: string, body: unknown) => {
      const response = await fetch(`${baseUrl}${url}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
      expect(response.status, `${method} ${url}`).toBeLessThan(300);
      return ((await response.json()) as { data: { id: string } }).data;
    };
    await send('POST', '/api/webhooks', { url: receiver.url, description: 'Slow receiver', events: ['tag.created', 'tag.updated'] });

    // Every write is acknowledged before the kill; the deliveries, 400 ms each, are far behind.
    const written = new Map<string, string[]>();
    const tags = await Promise.all(Array.from({ length: ITEMS }, (_, i) => send('POST', '/api/tags', { title: `Item ${i} v0` })));
    for (const [i, tag] of tags.entries()) written.set(tag.id, [`Item ${i} v0`]);
    for (let version = 1; version <= UPDATES; version++) {
      await Promise.all(
        tags.map(async (tag, i) => {
          await send('PUT', `/api/tags/${tag.id}`, { title: `Item ${i} v${version}` });
          written.get(tag.id)!.push(`Item ${i} v${version}`);
        }),
      );
    }

    await receiver.waitFor(KILL_AT, 30_000);
    server.process.kill('SIGKILL');
    await server.exited;
    const inFlight = deliveryId(receiver.received[KILL_AT - 1]!);
    const beforeRestart = receiver.received.length;

    server = await startBuiltServer(serverEnv);
    const expected = ITEMS * (1 + UPDATES);
    // A row claimed by the killed process is sent again once its claim lapses (30 s, decision 065).
    const deadline = Date.now() + 90_000;
    while (new Set(receiver.received.map(deliveryId)).size < expected && Date.now() < deadline) {
      await receiver.waitFor(receiver.received.length + 1, Math.max(deadline - Date.now(), 1));
    }
    const hooks = receiver.received;
    const distinct = new Set(hooks.map(deliveryId));
    expect(distinct.size).toBe(expected);

    // None twice, but the one in flight at the kill (same delivery id).
    const twice = [...distinct].filter((id) => hooks.filter((hook) => deliveryId(hook) === id).length > 1);
    expect(twice.every((id) => id === inFlight)).toBe(true);

    // Each item's events arrived in the order they were written, counting every arrival (duplicates too).
    for (const [id, titles] of written) {
      const arrived = hooks.map(bodyOf).filter((body) => body.data.id === id);
      const firstArrivals = arrived.filter((body, index) => arrived.findIndex((other) => other.id === body.id) === index);
      expect(firstArrivals.map((body) => body.data.title)).toEqual(titles);
      expect(firstArrivals.map((body) => body.event)).toEqual(['tag.created', ...Array<string>(UPDATES).fill('tag.updated')]);
      const order = arrived.map((body) => titles.indexOf(body.data.title));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }

    // The database agrees: every row delivered, none given up.
    await server.stop();
    server = undefined;
    const database = openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
    try {
      const rows = await database.db.selectFrom('webhook_deliveries').select(['event_id', 'delivered_at', 'failed_at']).execute();
      expect(rows).toHaveLength(expected);
      expect(rows.filter((row) => row.delivered_at === null || row.failed_at !== null)).toEqual([]);
      expect(new Set(rows.map((row) => row.event_id))).toEqual(distinct);
    } finally {
      await database.close();
    }
    console.info('kill -9 during webhook deliveries', { expected, beforeRestart, received: hooks.length, sentTwice: twice.length });
  });
});
