import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { KyselyPlugin, PluginTransformResultArgs, QueryResult, UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import type { Db } from '../../src/server/db/database';
import type { SubscriberRow } from '../../src/server/db/schema';
import { subscriberCsvStream } from '../../src/server/modules/newsletter/subscriber-csv';

const HEADER = 'email,status,createdAt,confirmedAt';
const STATUSES = ['confirmed', 'pending', 'unsubscribed'] as const;

/** Writes `count` subscribers straight into the table, in batches, with distinct times (newest = index 0). */
async function seedSubscribers(db: Db, count: number, start = Date.UTC(2026, 0, 1)): Promise<void> {
  const BATCH = 500;
  for (let from = 0; from < count; from += BATCH) {
    const rows: SubscriberRow[] = [];
    for (let i = from; i < Math.min(count, from + BATCH); i++) {
      const createdAt = new Date(start - i * 1000).toISOString();
      const status = STATUSES[i % 3]!;
      rows.push({
        id: randomUUID(),
        email: `bulk${i}@example.com`,
        created_at: createdAt,
        status,
        confirmed_at: status === 'pending' ? null : createdAt,
        unsubscribed_at: status === 'unsubscribed' ? createdAt : null,
        confirmation_sent_at: null,
      });
    }
    await db.insertInto('subscribers').values(rows).execute();
  }
}

describe("the owner's subscriber list: status, search, delete", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await seedSubscribers(t.app.ctx.db, 30);
  });
  afterAll(async () => t.close());

  it('filters by status with the paging contract and counts each status', async () => {
    for (const status of STATUSES) {
      const page = await t.asAdmin({ method: 'GET', url: `/api/newsletter/subscribers?status=${status}&limit=4` });
      expect(page.statusCode).toBe(200);
      expect(page.json().meta.total).toBe(10);
      expect(page.json().data).toHaveLength(4);
      expect(page.json().data.every((item: { status: string }) => item.status === status)).toBe(true);
    }
    const searched = await t.asAdmin({ method: 'GET', url: '/api/newsletter/subscribers?status=pending&q=bulk1' });
    expect(searched.json().data.map((item: { email: string }) => item.email).sort()).toEqual(
      ['bulk1@example.com', 'bulk10@example.com', 'bulk13@example.com', 'bulk16@example.com', 'bulk19@example.com'].sort(),
    );
    const bad = await t.asAdmin({ method: 'GET', url: '/api/newsletter/subscribers?status=gone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^status: /);
  });

  it('deletes one subscriber by id (404 the second time), and a selection at once', async () => {
    const list = (await t.asAdmin({ method: 'GET', url: '/api/newsletter/subscribers' })).json().data as { id: string }[];
    expect(list).toHaveLength(30);
    const [one, two, three] = list as [{ id: string }, { id: string }, { id: string }];
    expect((await t.app.inject({ method: 'DELETE', url: `/api/newsletter/subscribers/${one.id}` })).statusCode).toBe(401);
    const removed = await t.asAdmin({ method: 'DELETE', url: `/api/newsletter/subscribers/${one.id}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, data: { deleted: 1 } });
    const again = await t.asAdmin({ method: 'DELETE', url: `/api/newsletter/subscribers/${one.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, error: 'Subscriber not found' });

    const selection = await t.asAdmin({ method: 'DELETE', url: '/api/newsletter/subscribers', payload: { ids: [two.id, three.id, 'missing'] } });
    expect(selection.json()).toEqual({ success: true, data: { deleted: 2 } });
    const after = (await t.asAdmin({ method: 'GET', url: '/api/newsletter/subscribers' })).json().data as { id: string }[];
    expect(after).toHaveLength(27);
    expect(after.map((item) => item.id)).not.toContain(two.id);
  });

  it('exports CSV for the admin only, all or one status, with the exact header', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/newsletter/subscribers.csv' })).statusCode).toBe(401);
    const all = await t.asAdmin({ method: 'GET', url: '/api/newsletter/subscribers.csv' });
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toMatch(/^attachment; filename="subscribers-all-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = all.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(28);
    const pending = (await t.asAdmin({ method: 'GET', url: '/api/newsletter/subscribers.csv?status=pending' })).body.trimEnd().split('\r\n');
    expect(pending[0]).toBe(HEADER);
    expect(pending.slice(1).every((line) => /^bulk\d+@example\.com,pending,\d{4}-\d\d-\d\dT[\d:.]+Z,$/.test(line))).toBe(true);
    const confirmed = (await t.asAdmin({ method: 'GET', url: '/api/newsletter/subscribers.csv?status=confirmed' })).body.trimEnd().split('\r\n');
    const [email, status, createdAt, confirmedAt] = confirmed[1]!.split(',');
    expect(email).toMatch(/@example\.com$/);
    expect(status).toBe('confirmed');
    expect(confirmedAt).toBe(createdAt);
    expect((await t.asAdmin({ method: 'GET', url: '/api/newsletter/subscribers.csv?status=nope' })).statusCode).toBe(400);
  });
});

/** Counts the rows each query returns, to see how much of the table the export holds at once. */
class RowCounter implements KyselyPlugin {
  batches: number[] = [];
  transformQuery: KyselyPlugin['transformQuery'] = (args) => args.node;
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.batches.push(args.result.rows.length);
    return args.result;
  }
}

describe('CSV export of 50,000 subscribers', () => {
  const COUNT = 50_000;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await seedSubscribers(t.app.ctx.db, COUNT);
  }, 120_000);
  afterAll(async () => t.close());

  it('reads batch by batch as the client takes the bytes, never the whole table', async () => {
    const counter = new RowCounter();
    const stream = subscriberCsvStream(t.app.ctx.db.withPlugin(counter));
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    // The reader pauses: the stream must not have run ahead through the table.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(counter.batches.length).toBeLessThanOrEqual(3);
    let bytes = 0;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) bytes += Buffer.byteLength(String(next.value));
    expect(bytes).toBeGreaterThan(COUNT * 30);
    expect(Math.max(...counter.batches)).toBeLessThanOrEqual(1000);
    expect(counter.batches.reduce((sum, rows) => sum + rows, 0)).toBe(COUNT);
  });

  it('sends every row over real HTTP, with little memory growth', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const before = process.memoryUsage();
    let peakRss = before.rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/newsletter/subscribers.csv`, { headers: { authorization: `Bearer ${await t.token()}` } });
    expect(response.status).toBe(200);
    let lines = 0;
    let firstLine = '';
    let tail = '';
    const decoder = new TextDecoder();
    const reader = response.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      const chunk = read.value;
      const text = tail + decoder.decode(chunk, { stream: true });
      const parts = text.split('\r\n');
      tail = parts.pop() ?? '';
      if (!firstLine) firstLine = parts[0] ?? '';
      lines += parts.length;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    expect(firstLine).toBe(HEADER);
    expect(lines).toBe(COUNT + 1);
    const growthMb = (peakRss - before.rss) / 1024 / 1024;
    console.info(`CSV export of ${COUNT} rows: ${seconds.toFixed(2)} s, peak RSS growth ${growthMb.toFixed(1)} MB (client and server in one process)`);
    // Holding 50,000 rows as objects plus their text would take several times this.
    expect(growthMb).toBeLessThan(100);
  });

  it('answers the first page of the list quickly at this size', async () => {
    const started = performance.now();
    const page = await t.asAdmin({ method: 'GET', url: '/api/newsletter/subscribers?limit=100' });
    const searched = await t.asAdmin({ method: 'GET', url: '/api/newsletter/subscribers?limit=100&q=bulk4999' });
    const ms = performance.now() - started;
    expect(page.json().meta.total).toBe(COUNT);
    expect(searched.json().data.length).toBeGreaterThan(0);
    console.info(`first page + a search at ${COUNT} subscribers: ${ms.toFixed(0)} ms`);
  });
});
