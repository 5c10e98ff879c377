import type { Db } from './database';
import { isRetryableConflict } from './errors';

/** Attempts of a whole transaction that lost a deadlock or a serialisation conflict. */
const CONFLICT_ATTEMPTS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` in a transaction, or inside the caller's one when `db` already
 * is a transaction (Kysely cannot nest them), so services compose: the demo
 * seeder may wrap several of them in one transaction.
 *
 * A transaction PostgreSQL chose as a deadlock victim (40P01) or that failed
 * to serialise (40001), or that SQLite found busy, kept nothing: it runs again
 * from the start, a few times, after a short random pause. `work` must
 * therefore only touch the database (no files, no events) until it returns.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= CONFLICT_ATTEMPTS || !isRetryableConflict(error)) throw error;
      await sleep(20 * attempt * (0.5 + Math.random()));
    }
  }
}
