import type { Db, DbKind } from '../../db/database';
import { inTransaction } from '../../db/transaction';

/** Failures allowed before the first lock-out. */
export const FREE_ATTEMPTS = 5;
const FIRST_LOCK_MS = 30_000;
const MAX_LOCK_MS = 60 * 60 * 1000;
/** One recorded failure is forgiven for every quarter of an hour without a new one. */
export const FAILURE_DECAY_MS = 15 * 60 * 1000;

/** Each failure past the free ones doubles the lock: 30 s, 1 min, 2 min … capped at 1 h. */
export function lockDurationMs(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0;
  return Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** (failures - FREE_ATTEMPTS));
}

/** Failures still counted after `elapsedMs` without a new one: a stranger's old guesses fade away. */
export function decayedFailures(failures: number, elapsedMs: number): number {
  return Math.max(0, failures - Math.floor(Math.max(0, elapsedMs) / FAILURE_DECAY_MS));
}

/** Allowed: `lockMs` is the lock this attempt starts if it fails (0: none yet). */
export type Reservation = { allowed: true; lockMs: number } | { allowed: false; waitMs: number };

/**
 * Counts an attempt as failed *before* the password is checked, in one
 * transaction that holds the client's row: however many requests arrive at
 * once, only the allowed number of guesses is ever verified. A correct
 * password then clears the record (`clearFailures`). Kept in the database, so
 * it survives restarts and every copy shares it.
 */
export async function reserveAttempt(db: Db, kind: DbKind, clientKey: string, now = Date.now()): Promise<Reservation> {
  return inTransaction(db, async (trx) => {
    await trx
      .insertInto('login_attempts')
      .values({ client_key: clientKey, failures: 0, locked_until: null, updated_at: new Date(now).toISOString() })
      .onConflict((oc) => oc.column('client_key').doNothing())
      .execute();
    // SQLite runs one writer at a time; PostgreSQL needs the row lock.
    const row = await trx
      .selectFrom('login_attempts')
      .select(['failures', 'locked_until', 'updated_at'])
      .where('client_key', '=', clientKey)
      .$if(kind === 'postgres', (query) => query.forUpdate())
      .executeTakeFirstOrThrow();
    const lockedFor = row.locked_until ? Date.parse(row.locked_until) - now : 0;
    if (lockedFor > 0) return { allowed: false, waitMs: lockedFor };
    const failures = decayedFailures(row.failures, now - Date.parse(row.updated_at)) + 1;
    const lockMs = lockDurationMs(failures);
    await trx
      .updateTable('login_attempts')
      .set({
        failures,
        locked_until: lockMs > 0 ? new Date(now + lockMs).toISOString() : null,
        updated_at: new Date(now).toISOString(),
      })
      .where('client_key', '=', clientKey)
      .execute();
    return { allowed: true, lockMs } as const;
  });
}

export async function clearFailures(db: Db, clientKey: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('client_key', '=', clientKey).execute();
}

/** The operator reset the credentials from the server's console: every lock-out ends. */
export async function clearAllFailures(db: Db): Promise<void> {
  await db.deleteFrom('login_attempts').execute();
}
