import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, DbKind } from '../../db/database';
import type { WebhookOutboxRow } from '../../db/schema';
import type { WebhookDelivery } from '../../../shared/schemas/newsletter';
import type { SubscriberChange } from './subscriber-changes';

/** Seconds to wait after the n-th failed attempt; the last step repeats until the day is over. */
export const RETRY_STEPS_S = [2, 10, 30, 60, 300, 900, 1800, 3600];
/** A change the receiver has not taken within a day is given up (and shown as failed). */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
/** How long a claimed row belongs to one deliverer; a copy that died mid-delivery frees it after this. */
const CLAIM_MS = 30_000;

const iso = (ms: number) => new Date(ms).toISOString();

let lastSeqMs = 0;
let seqCounter = 0;
/** Increasing within this process (ms * 1000 + counter); per-subscriber delivery follows it. */
function nextSeq(now: number): number {
  if (now > lastSeqMs) {
    lastSeqMs = now;
    seqCounter = 0;
  } else seqCounter += 1;
  return lastSeqMs * 1000 + Math.min(seqCounter, 999);
}

/** Writes the change into the outbox; call it inside the transaction that makes the change. */
export async function enqueueChange(trx: Db, change: SubscriberChange): Promise<void> {
  const now = Date.parse(change.occurredAt);
  const body = JSON.stringify({
    event: change.event,
    id: change.subscriber.id,
    email: change.subscriber.email,
    status: change.subscriber.status,
    occurredAt: change.occurredAt,
  });
  await trx
    .insertInto('webhook_outbox')
    .values({
      id: randomUUID(),
      seq: nextSeq(now),
      subscriber_id: change.subscriber.id,
      event: change.event,
      email: change.subscriber.email,
      body,
      created_at: change.occurredAt,
      next_attempt_at: change.occurredAt,
      claimed_until: iso(0),
      attempts: 0,
    })
    .execute();
}

/**
 * Claims up to `limit` due rows for this deliverer. A row waits while an
 * earlier change of the same subscriber is still undelivered, so a receiver
 * sees each subscriber's changes in order. Several copies may claim at once:
 * PostgreSQL skips rows another copy has locked; SQLite has one writer.
 */
export async function claimDue(db: Db, kind: DbKind, limit: number, now = Date.now()): Promise<WebhookOutboxRow[]> {
  const nowText = iso(now);
  const lock = kind === 'postgres' ? sql`for update skip locked` : sql``;
  const result = await sql<WebhookOutboxRow>`
    update webhook_outbox
    set claimed_until = ${iso(now + CLAIM_MS)}, attempts = attempts + 1, last_attempt_at = ${nowText}
    where claimed_until < ${nowText} and id in (
      select o.id from webhook_outbox o
      where o.delivered_at is null and o.failed_at is null and o.next_attempt_at <= ${nowText} and o.claimed_until < ${nowText}
        and not exists (
          select 1 from webhook_outbox p
          where p.subscriber_id = o.subscriber_id and p.seq < o.seq and p.delivered_at is null and p.failed_at is null
        )
      order by o.seq
      limit ${limit}
      ${lock}
    )
    returning *`.execute(db);
  return [...result.rows].sort((a, b) => Number(a.seq) - Number(b.seq));
}

export async function markDelivered(db: Db, id: string, status: number, now = Date.now()): Promise<void> {
  await db
    .updateTable('webhook_outbox')
    .set({ delivered_at: iso(now), last_status: status, last_error: null, claimed_until: iso(now) })
    .where('id', '=', id)
    .execute();
}

/** Schedules the next attempt with backoff, or gives up once the change is a day old. */
export async function markAttemptFailed(
  db: Db,
  row: Pick<WebhookOutboxRow, 'id' | 'attempts' | 'created_at'>,
  failure: { status: number | null; error: string },
  now = Date.now(),
): Promise<void> {
  const delayS = RETRY_STEPS_S[Math.min(row.attempts, RETRY_STEPS_S.length) - 1] ?? RETRY_STEPS_S[0]!;
  const next = now + delayS * 1000;
  const givingUp = next - Date.parse(row.created_at) > GIVE_UP_AFTER_MS;
  await db
    .updateTable('webhook_outbox')
    .set({
      last_status: failure.status,
      last_error: failure.error.slice(0, 500),
      claimed_until: iso(now),
      next_attempt_at: iso(next),
      failed_at: givingUp ? iso(now) : null,
    })
    .where('id', '=', row.id)
    .execute();
}

const stateOf = (row: WebhookOutboxRow): WebhookDelivery['state'] =>
  row.delivered_at ? 'delivered' : row.failed_at ? 'failed' : row.attempts > 0 ? 'retrying' : 'pending';

/** The latest changes and how their delivery went, newest first (the admin's view). */
export async function recentDeliveries(db: Db, limit: number): Promise<WebhookDelivery[]> {
  const rows = await db.selectFrom('webhook_outbox').selectAll().orderBy('seq', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    event: row.event,
    email: row.email,
    state: stateOf(row),
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    createdAt: row.created_at,
    lastAttemptAt: row.last_attempt_at,
    deliveredAt: row.delivered_at,
  }));
}
