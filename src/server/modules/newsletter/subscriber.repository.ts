import type { Db } from '../../db/database';
import type { SubscriberRow, SubscriberStatusValue } from '../../db/schema';
import { sql } from 'kysely';
import { afterKey, containsPattern, type KeyColumn } from '../../db/paging';

/** Adds the address unless it is already there (one row per address); true when this call added it. */
export async function insertSubscriberIfNew(db: Db, row: SubscriberRow): Promise<boolean> {
  const inserted = await db
    .insertInto('subscribers')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function selectSubscriberByEmail(db: Db, email: string): Promise<SubscriberRow | undefined> {
  return db.selectFrom('subscribers').selectAll().where('email', '=', email).executeTakeFirst();
}

export function selectSubscriberById(db: Db, id: string): Promise<SubscriberRow | undefined> {
  return db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateSubscriber(db: Db, id: string, changes: Partial<Omit<SubscriberRow, 'id' | 'email'>>): Promise<void> {
  await db.updateTable('subscribers').set(changes).where('id', '=', id).execute();
}

/** Takes the right to send a confirmation mail: only when none went out since `notAfter` (one winner under races). */
export async function claimConfirmationSend(db: Db, id: string, now: string, notAfter: string): Promise<boolean> {
  const result = await db
    .updateTable('subscribers')
    .set({ confirmation_sent_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('confirmation_sent_at', 'is', null), eb('confirmation_sent_at', '<=', notAfter)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteSubscriberRows(db: Db, ids: readonly string[]): Promise<SubscriberRow[]> {
  if (ids.length === 0) return [];
  return db.deleteFrom('subscribers').where('id', 'in', ids).returningAll().execute();
}

/** Newest first; ties (same millisecond) by id. */
const SUBSCRIBER_ORDER: readonly KeyColumn[] = [
  { column: 'created_at', direction: 'desc' },
  { column: 'id', direction: 'asc' },
];
export type SubscriberKey = [string, string];
export const subscriberKey = (row: SubscriberRow): SubscriberKey => [row.created_at, row.id];

export type SubscriberFilter = { q?: string | undefined; status?: SubscriberStatusValue | undefined };

function filteredSubscribers(db: Db, filter: SubscriberFilter) {
  let query = db.selectFrom('subscribers');
  // Addresses are stored in lower case.
  if (filter.q !== undefined) query = query.where(sql<boolean>`email like ${containsPattern(filter.q)} escape '\\'`);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  return query;
}

export function selectSubscribers(
  db: Db,
  filter: SubscriberFilter = {},
  range: { limit?: number; after?: SubscriberKey | undefined } = {},
): Promise<SubscriberRow[]> {
  let query = filteredSubscribers(db, filter).selectAll();
  if (range.after) query = query.where(afterKey(SUBSCRIBER_ORDER, range.after));
  query = query.orderBy('created_at', 'desc').orderBy('id');
  if (range.limit !== undefined) query = query.limit(range.limit);
  return query.execute();
}

export async function countSubscribers(db: Db, filter: SubscriberFilter = {}): Promise<number> {
  const row = await filteredSubscribers(db, filter).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
  return Number(row?.count ?? 0);
}
