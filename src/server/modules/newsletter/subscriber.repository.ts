import type { Db } from '../../db/database';
import type { SubscriberRow } from '../../db/schema';
import { sql } from 'kysely';
import { afterKey, containsPattern, type KeyColumn } from '../../db/paging';

/** Adds the address unless it is already there (one row per address). */
export async function insertSubscriberIfNew(db: Db, row: SubscriberRow): Promise<void> {
  await db
    .insertInto('subscribers')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}

/** Newest first; ties (same millisecond) by id. */
const SUBSCRIBER_ORDER: readonly KeyColumn[] = [
  { column: 'created_at', direction: 'desc' },
  { column: 'id', direction: 'asc' },
];
export type SubscriberKey = [string, string];
export const subscriberKey = (row: SubscriberRow): SubscriberKey => [row.created_at, row.id];

function filteredSubscribers(db: Db, emailContains: string | undefined) {
  const query = db.selectFrom('subscribers');
  // Addresses are stored in lower case.
  return emailContains === undefined ? query : query.where(sql<boolean>`email like ${containsPattern(emailContains)} escape '\\'`);
}

export function selectSubscribers(
  db: Db,
  emailContains?: string,
  range: { limit?: number; after?: SubscriberKey | undefined } = {},
): Promise<SubscriberRow[]> {
  let query = filteredSubscribers(db, emailContains).selectAll();
  if (range.after) query = query.where(afterKey(SUBSCRIBER_ORDER, range.after));
  query = query.orderBy('created_at', 'desc').orderBy('id');
  if (range.limit !== undefined) query = query.limit(range.limit);
  return query.execute();
}

export async function countSubscribers(db: Db, emailContains?: string): Promise<number> {
  const row = await filteredSubscribers(db, emailContains).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
  return Number(row?.count ?? 0);
}
