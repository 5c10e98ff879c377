import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { pruneDeliveries } from '../../src/server/modules/webhooks/webhook-deliveries';

const DAY_MS = 24 * 60 * 60 * 1000;
const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

type State = 'delivered' | 'failed' | 'pending';

/**
 * Issue 30: the delivery log does not grow for ever. Finished rows (delivered
 * or given up) older than WEBHOOK_LOG_DAYS go, in batches, except each
 * endpoint's newest WEBHOOK_LOG_KEEP; a row still to be sent never goes. The
 * clock is injected: the rows are written "a month ago".
 */
describe(`the webhook delivery log is pruned (${testDatabaseKind})`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const app = async (now: () => number) => {
    const t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_LOG_DAYS: '30', WEBHOOK_LOG_KEEP: '2' }, { web: false, webhookNow: now });
    await t.app.ready();
    cleanups.push(() => t.close());
    return t;
  };
  const endpoint = async (t: TestApp) => {
    // Switched off: the rows below are the test's, not the dispatcher's to send.
    const response = await t.asAdmin({ method: 'POST', url: '/api/webhooks', payload: { url: 'http://127.0.0.1:9/hook', events: ['tag.created'], enabled: false } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as string;
  };
  let seq = 0;
  const row = async (t: TestApp, endpointId: string, createdMs: number, state: State) => {
    seq += 1;
    const created = iso(createdMs);
    await t.app.ctx.db
      .insertInto('webhook_deliveries')
      .values({
        id: randomUUID(),
        event_id: randomUUID(),
        endpoint_id: endpointId,
        seq: T0 * 1000 + seq,
        item_key: `tag:${seq}`,
        event: 'tag.created',
        body: '{}',
        created_at: created,
        next_attempt_at: created,
        claimed_until: created,
        attempts: state === 'pending' ? 0 : 1,
        delivered_at: state === 'delivered' ? created : null,
        failed_at: state === 'failed' ? created : null,
        scheduled: 0,
      })
      .execute();
    return seq;
  };
  const seqsOf = async (t: TestApp, endpointId: string) =>
    (await t.app.ctx.db.selectFrom('webhook_deliveries').select('seq').where('endpoint_id', '=', endpointId).orderBy('seq').execute()).map((r) => Number(r.seq) - T0 * 1000);

  it('removes old finished rows in batches, keeps each endpoint\'s newest and every row still to be sent', async () => {
    // The app's own clock stays at T0 (its dispatcher finds nothing old); the prunes below are a month on.
    const t = await app(() => T0);
    const now = T0 + 31 * DAY_MS;
    const busy = await endpoint(t);
    const quiet = await endpoint(t);
    const old: number[] = [];
    for (let i = 0; i < 9; i++) old.push(await row(t, busy, T0 + i * 60_000, 'delivered'));
    old.push(await row(t, busy, T0, 'failed'));
    const unsent = await row(t, busy, T0, 'pending');
    const recent = await row(t, busy, now - DAY_MS, 'delivered');
    const newest = await row(t, busy, T0 + 20 * 60_000, 'delivered');
    const quietRows = [await row(t, quiet, T0, 'delivered'), await row(t, quiet, T0 + 1, 'delivered')];

    // Batches of 4: the ten old rows of the busy endpoint take three statements.
    expect(await pruneDeliveries(t.app.ctx.db, { days: 30, perEndpoint: 2 }, now, 4)).toBe(old.length);
    expect(await seqsOf(t, busy)).toEqual([unsent, recent, newest]);
    // An endpoint called rarely keeps its last rows for its log, however old.
    expect(await seqsOf(t, quiet)).toEqual(quietRows);
    expect(await pruneDeliveries(t.app.ctx.db, { days: 30, perEndpoint: 2 }, now, 4)).toBe(0);
    // Keeping none by count, only age counts: rows younger than 30 days stay.
    expect(await pruneDeliveries(t.app.ctx.db, { days: 30, perEndpoint: 0 }, T0 + 30 * DAY_MS, 4)).toBe(0);
    expect(await pruneDeliveries(t.app.ctx.db, { days: 30, perEndpoint: 0 }, now, 4)).toBe(3);
    expect(await seqsOf(t, busy)).toEqual([unsent, recent]);
    expect(await seqsOf(t, quiet)).toEqual([]);
  });

  it('is run by the dispatcher on its own, at most hourly, with the configured retention', async () => {
    let now = T0;
    const t = await app(() => now);
    const id = await endpoint(t);
    const rows = [await row(t, id, T0, 'delivered'), await row(t, id, T0 + 1, 'delivered'), await row(t, id, T0 + 2, 'delivered')];
    // A month and an hour on, the dispatcher's next idle step prunes (WEBHOOK_LOG_DAYS 30, WEBHOOK_LOG_KEEP 2).
    now = T0 + 31 * DAY_MS;
    t.app.ctx.webhooks.wake();
    const deadline = Date.now() + 10_000;
    while ((await seqsOf(t, id)).length > 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await seqsOf(t, id)).toEqual(rows.slice(1));
    // Pruned within the hour: not read again.
    expect(await t.app.ctx.webhooks.pruneIfDue()).toBe(0);
  });
});
