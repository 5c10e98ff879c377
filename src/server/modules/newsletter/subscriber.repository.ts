import type { Db } from '../../db/database';
import type { SubscriberRow } from '../../db/schema';

/** Adds the address unless it is already there (one row per address). */
export async function insertSubscriberIfNew(db: Db, row: SubscriberRow): Promise<void> {
  await db
    .insertInto('subscribers')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}

export function selectSubscribers(db: Db): Promise<SubscriberRow[]> {
  return db.selectFrom('subscribers').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
}
