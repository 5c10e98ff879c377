import type { Db } from './database';

/**
 * Runs `work` in a transaction, or inside the caller's one when `db` already
 * is a transaction (Kysely cannot nest them), so services compose: the demo
 * seeder may wrap several of them in one transaction.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Sets the order of every listed row in one transaction: one unknown id
 * (`setOrder` answers false) throws `unknown` and nothing changes.
 */
export async function applyOrder(
  db: Db,
  items: { id: string; order: number }[],
  setOrder: (trx: Db, id: string, order: number) => Promise<boolean>,
  unknown: () => Error,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    for (const item of items) {
      if (!(await setOrder(trx, item.id, item.order))) throw unknown();
    }
  });
}
