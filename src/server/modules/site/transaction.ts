import type { Db } from '../../db/database';

/**
 * Runs `work` in a transaction, or inside the caller's one when `db` already
 * is a transaction (Kysely cannot nest them), so services compose: the demo
 * seeder may wrap several of them in one transaction.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
