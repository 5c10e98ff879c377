import type { Db } from '../../db/database';
import { nowIso } from '../../db/json';

/** Failures allowed before the first lock-out. */
export const FREE_ATTEMPTS = 5;
const FIRST_LOCK_MS = 30_000;
const MAX_LOCK_MS = 60 * 60 * 1000;

/** Each failure past the free ones doubles the lock: 30 s, 1 min, 2 min … capped at 1 h. */
export function lockDurationMs(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0;
  return Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** (failures - FREE_ATTEMPTS));
}

/** Milliseconds the client must still wait, or 0. Kept in the database so it survives restarts and is shared by every copy. */
export async function remainingLockMs(db: Db, clientKey: string, now = Date.now()): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select('locked_until')
    .where('client_key', '=', clientKey)
    .executeTakeFirst();
  if (!row?.locked_until) return 0;
  return Math.max(0, Date.parse(row.locked_until) - now);
}

export async function recordFailure(db: Db, clientKey: string, now = Date.now()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('login_attempts')
      .select('failures')
      .where('client_key', '=', clientKey)
      .executeTakeFirst();
    const failures = (row?.failures ?? 0) + 1;
    const lockMs = lockDurationMs(failures);
    const values = {
      failures,
      locked_until: lockMs > 0 ? new Date(now + lockMs).toISOString() : null,
      updated_at: nowIso(),
    };
    await trx
      .insertInto('login_attempts')
      .values({ client_key: clientKey, ...values })
      .onConflict((oc) => oc.column('client_key').doUpdateSet(values))
      .execute();
  });
}

export async function clearFailures(db: Db, clientKey: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('client_key', '=', clientKey).execute();
}
