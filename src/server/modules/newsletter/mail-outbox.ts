import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, DbKind } from '../../db/database';
import type { MailOutboxRow } from '../../db/schema';
import { GIVE_UP_AFTER_MS, RETRY_STEPS_S } from './webhook-outbox';

// All SQL of the confirmation-mail outbox (decision 052). `db` may be a transaction.

/** How long a claimed row belongs to one sender; a copy that died mid-send frees it after this. */
const CLAIM_MS = 30_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** One sign-up to consider for a confirmation mail; call it inside the sign-up's transaction. */
export async function enqueueMail(trx: Db, subscriberId: string, now: string): Promise<void> {
  await trx
    .insertInto('mail_outbox')
    .values({ id: randomUUID(), subscriber_id: subscriberId, created_at: now, next_attempt_at: now, claimed_until: iso(0), attempts: 0, last_error: null })
    .execute();
}

/** Claims up to `limit` due rows, oldest first; copies never take the same row (PostgreSQL skips locked rows, SQLite has one writer). */
export async function claimDueMail(db: Db, kind: DbKind, limit: number, now = Date.now()): Promise<MailOutboxRow[]> {
  const nowText = iso(now);
  const lock = kind === 'postgres' ? sql`for update skip locked` : sql``;
  const result = await sql<MailOutboxRow>`
    update mail_outbox
    set claimed_until = ${iso(now + CLAIM_MS)}, attempts = attempts + 1
    where claimed_until < ${nowText} and id in (
      select o.id from mail_outbox o
      where o.next_attempt_at <= ${nowText} and o.claimed_until < ${nowText}
      order by o.next_attempt_at, o.id
      limit ${limit}
      ${lock}
    )
    returning *`.execute(db);
  return [...result.rows].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** The row is done with: sent, or no mail was due. */
export async function finishMail(db: Db, id: string): Promise<void> {
  await db.deleteFrom('mail_outbox').where('id', '=', id).execute();
}

/** Tries again later with the webhook's backoff; a sign-up not mailed within a day is given up (false). */
export async function retryMailLater(db: Db, row: Pick<MailOutboxRow, 'id' | 'attempts' | 'created_at'>, error: string, now = Date.now()): Promise<boolean> {
  const delayS = RETRY_STEPS_S[Math.min(row.attempts, RETRY_STEPS_S.length) - 1] ?? RETRY_STEPS_S[0]!;
  const next = now + delayS * 1000;
  if (next - Date.parse(row.created_at) > GIVE_UP_AFTER_MS) {
    await finishMail(db, row.id);
    return false;
  }
  await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: iso(next), claimed_until: iso(now), last_error: error.slice(0, 500) })
    .where('id', '=', row.id)
    .execute();
  return true;
}
