import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../db/database';
import { nowIso } from '../db/json';
import { inTransaction } from '../db/transaction';
import { contentType, typeOfTable, type OrderedTable } from './types';

/** Lists whose order positions are handed out and rewritten under one lock: the ordered content types (types.ts). */
export type OrderedList = OrderedTable;

/** The fixed key of the list's PostgreSQL advisory lock (per database), declared with its type. */
const lockKey = (list: OrderedList) => contentType(typeOfTable(list)).orderLock!;

/**
 * Serialises the writers of one list's order, inside their transaction:
 * "last position + 1" for a new item and a reorder then never see the list
 * half-changed by another copy, so positions stay unique and reorders cannot
 * deadlock each other. SQLite needs nothing: its write transactions begin
 * IMMEDIATE (sqlite-driver.ts), one at a time.
 */
export async function lockListOrder(trx: Db, list: OrderedList): Promise<void> {
  if (!trx.isTransaction) throw new Error('lockListOrder needs a transaction');
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(${lockKey(list)})`.execute(trx);
  }
}

/**
 * Sets the order of every listed row in one statement, in one transaction,
 * under the list's order lock: one unknown id throws `unknown` and nothing
 * changes; a lost deadlock or conflict runs again (inTransaction).
 */
export async function applyOrder(db: Db, list: OrderedList, items: { id: string; order: number }[], unknown: () => Error): Promise<void> {
  const ids = [...new Set(items.map((item) => item.id))];
  if (ids.length === 0) return;
  await inTransaction(db, async (trx) => {
    await lockListOrder(trx, list);
    const cases = sql.join(
      items.map((item) => sql`when ${item.id} then cast(${item.order} as integer)`),
      sql` `,
    );
    const result = await trx
      .updateTable(list)
      .set({ sort_order: sql<number>`case id ${cases} end`, updated_at: nowIso() })
      .where('id', 'in', ids)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== ids.length) throw unknown();
  });
}
