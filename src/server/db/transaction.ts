import { PostgresAdapter, sql } from 'kysely';
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

/** Lists whose order positions are handed out and rewritten under one lock. */
export type OrderedList = 'products' | 'categories';

// Fixed keys of PostgreSQL advisory locks; they are per database.
const ORDER_LOCK_KEYS: Record<OrderedList, number> = { categories: 7_301_001, products: 7_301_002 };

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
    await sql`select pg_advisory_xact_lock(${ORDER_LOCK_KEYS[list]})`.execute(trx);
  }
}

/**
 * Sets the order of every listed row in one transaction: one unknown id
 * (`setOrder` answers false) throws `unknown` and nothing changes. Rows are
 * written in id order, so two reorders lock shared rows in the same sequence.
 */
export async function applyOrder(
  db: Db,
  list: OrderedList,
  items: { id: string; order: number }[],
  setOrder: (trx: Db, id: string, order: number) => Promise<boolean>,
  unknown: () => Error,
): Promise<void> {
  const sorted = [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  await inTransaction(db, async (trx) => {
    await lockListOrder(trx, list);
    for (const item of sorted) {
      if (!(await setOrder(trx, item.id, item.order))) throw unknown();
    }
  });
}
