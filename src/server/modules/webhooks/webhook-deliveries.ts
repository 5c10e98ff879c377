import { sql } from 'kysely';
import type { Db, DbKind } from '../../db/database';
import type { WebhookDeliveryRow } from '../../db/schema';
import { insertAuditEntry } from '../../content/effects/audit-entry';

/** Seconds to wait after the n-th failed attempt (the first retry within a minute); the last step repeats until the day is over. */
export const RETRY_STEPS_S = [5, 30, 120, 600, 1800, 3600];
/** After a day of failures the endpoint is switched off, with the reason shown to the owner. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
/** How long a claimed row belongs to one sender; renewed before each send, freed by a sender that died. */
export const CLAIM_MS = 30_000;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Claims due rows of enabled endpoints (a ping goes to a switched-off one
 * too), skipping endpoints this process is already sending to. A row waits
 * while an earlier event of the same item for the same endpoint is
 * undelivered, so each receiver sees an item's events in order.
 */
export async function claimDue(db: Db, kind: DbKind, limit: number, busy: readonly string[], now: number): Promise<WebhookDeliveryRow[]> {
  const nowText = iso(now);
  const lock = kind === 'postgres' ? sql`for update of o skip locked` : sql``;
  const notBusy = busy.length > 0 ? sql`and o.endpoint_id not in (${sql.join(busy)})` : sql``;
  const result = await sql<WebhookDeliveryRow>`
    update webhook_deliveries
    set claimed_until = ${iso(now + CLAIM_MS)}, attempts = attempts + 1, last_attempt_at = ${nowText}
    where claimed_until < ${nowText} and id in (
      select o.id from webhook_deliveries o
      join webhook_endpoints e on e.id = o.endpoint_id
      where o.delivered_at is null and o.failed_at is null and o.next_attempt_at <= ${nowText} and o.claimed_until < ${nowText}
        and (e.enabled = 1 or o.event = 'ping') ${notBusy}
        and not exists (
          select 1 from webhook_deliveries p
          where p.endpoint_id = o.endpoint_id and p.item_key = o.item_key and p.seq < o.seq and p.delivered_at is null and p.failed_at is null
        )
      order by o.seq
      limit ${limit}
      ${lock}
    )
    returning *`.execute(db);
  return [...result.rows].sort((a, b) => Number(a.seq) - Number(b.seq));
}

/**
 * What the dispatcher waits for when a round left nothing to send: whether
 * any endpoint exists, and the earliest time a row that is next in its item's
 * line becomes sendable (its attempt due and any claim on it lapsed: a copy
 * killed mid-send leaves its claim for CLAIM_MS).
 */
export async function nextDue(db: Db): Promise<{ endpoints: boolean; dueAt: string | null }> {
  const endpoint = await db.selectFrom('webhook_endpoints').select('id').limit(1).executeTakeFirst();
  if (!endpoint) return { endpoints: false, dueAt: null };
  const result = await sql<{ due: string | null }>`
    select min(case when o.claimed_until > o.next_attempt_at then o.claimed_until else o.next_attempt_at end) as due
    from webhook_deliveries o
    join webhook_endpoints e on e.id = o.endpoint_id
    where o.delivered_at is null and o.failed_at is null and (e.enabled = 1 or o.event = 'ping')
      and not exists (
        select 1 from webhook_deliveries p
        where p.endpoint_id = o.endpoint_id and p.item_key = o.item_key and p.seq < o.seq and p.delivered_at is null and p.failed_at is null
      )`.execute(db);
  return { endpoints: true, dueAt: result.rows[0]?.due ?? null };
}

/** Keeps the row this sender's while it sends (a slow receiver may take 10 s per row). */
export async function renewClaim(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('webhook_deliveries').set({ claimed_until: iso(now + CLAIM_MS) }).where('id', '=', id).execute();
}

/** Rows claimed but not tried (an earlier one failed): free them, their attempt not counted. */
export async function releaseClaims(db: Db, ids: readonly string[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({ claimed_until: iso(now - 1), attempts: eb('attempts', '-', 1) }))
    .where('id', 'in', [...ids])
    .execute();
}

type Outcome = { status: number | null; ms: number; excerpt: string | null; error: string | null };

export async function markDelivered(db: Db, id: string, outcome: Outcome, now: number): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ delivered_at: iso(now), last_status: outcome.status, last_error: null, response_ms: outcome.ms, response_excerpt: outcome.excerpt, claimed_until: iso(now) })
    .where('id', '=', id)
    .execute();
}

/**
 * Schedules the next attempt with backoff; once the event has failed for a
 * day, gives it up and switches its endpoint off, saying why (the endpoint's
 * reason and an audit entry).
 */
export async function markAttemptFailed(db: Db, row: Pick<WebhookDeliveryRow, 'id' | 'attempts' | 'created_at' | 'endpoint_id' | 'event'>, outcome: Outcome, now: number): Promise<boolean> {
  const delayS = RETRY_STEPS_S[Math.min(Math.max(row.attempts, 1), RETRY_STEPS_S.length) - 1]!;
  const givingUp = now - Date.parse(row.created_at) >= GIVE_UP_AFTER_MS;
  const error = (outcome.error ?? `HTTP ${outcome.status}`).slice(0, 500);
  await db
    .updateTable('webhook_deliveries')
    .set({
      last_status: outcome.status,
      last_error: error,
      response_ms: outcome.ms,
      response_excerpt: outcome.excerpt,
      claimed_until: iso(now),
      next_attempt_at: iso(now + delayS * 1000),
      failed_at: givingUp ? iso(now) : null,
    })
    .where('id', '=', row.id)
    .execute();
  if (givingUp && row.event !== 'ping') {
    const reason = `Switched off ${iso(now)}: deliveries failed for 24 hours (last: ${error})`.slice(0, 500);
    const switched = await db
      .updateTable('webhook_endpoints')
      .set({ enabled: 0, disabled_reason: reason, updated_at: iso(now) })
      .where('id', '=', row.endpoint_id)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    if (Number(switched.numUpdatedRows) > 0) {
      await insertAuditEntry(db, { action: 'webhook.disabled', targetType: 'webhook', targetId: row.endpoint_id, summary: reason, at: iso(now) });
    }
  }
  return givingUp;
}

/** What the delivery log keeps (issue 30): every row younger than `days`, and each endpoint's newest `perEndpoint` whatever their age. */
export type DeliveryRetention = { days: number; perEndpoint: number };
/** Rows deleted per statement: a prune never holds the table for long. */
export const PRUNE_BATCH = 500;

/**
 * Deletes finished rows (delivered, or given up) older than the retention,
 * endpoint by endpoint and in batches, keeping each endpoint's newest rows
 * for its log. Rows still to be sent are never touched. Answers how many went.
 */
export async function pruneDeliveries(db: Db, retention: DeliveryRetention, now: number, batch = PRUNE_BATCH): Promise<number> {
  const cutoff = iso(now - retention.days * 24 * 60 * 60 * 1000);
  let removed = 0;
  for (const { id: endpointId } of await db.selectFrom('webhook_endpoints').select('id').execute()) {
    // The newest row the log keeps whatever its age: only rows before it may go.
    const kept = await db
      .selectFrom('webhook_deliveries')
      .select('seq')
      .where('endpoint_id', '=', endpointId)
      .orderBy('seq', 'desc')
      .offset(Math.max(retention.perEndpoint - 1, 0))
      .limit(1)
      .executeTakeFirst();
    if (!kept) continue;
    for (;;) {
      const ids = (
        await db
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('endpoint_id', '=', endpointId)
          .where('seq', retention.perEndpoint > 0 ? '<' : '<=', kept.seq)
          .where('created_at', '<', cutoff)
          .where((eb) => eb.or([eb('delivered_at', 'is not', null), eb('failed_at', 'is not', null)]))
          .orderBy('seq')
          .limit(batch)
          .execute()
      ).map((row) => row.id);
      if (ids.length === 0) break;
      const result = await db.deleteFrom('webhook_deliveries').where('id', 'in', ids).executeTakeFirst();
      removed += Number(result.numDeletedRows);
      if (ids.length < batch) break;
    }
  }
  return removed;
}
