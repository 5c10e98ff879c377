import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { RedirectRow } from '../../db/schema';
import { afterKey, containsPattern, type KeyColumn } from '../../db/paging';

// All SQL of the redirects table. `db` may be a transaction.

export function selectRedirectByFrom(db: Db, fromPath: string): Promise<RedirectRow | undefined> {
  return db.selectFrom('redirects').selectAll().where('from_path', '=', fromPath).executeTakeFirst();
}

export function selectRedirectById(db: Db, id: string): Promise<RedirectRow | undefined> {
  return db.selectFrom('redirects').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertRedirect(db: Db, row: RedirectRow): Promise<void> {
  await db.insertInto('redirects').values(row).execute();
}

export async function updateRedirectRow(db: Db, id: string, changes: Partial<Omit<RedirectRow, 'id' | 'created_at'>>): Promise<boolean> {
  const result = await db.updateTable('redirects').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteRedirectRow(db: Db, id: string): Promise<RedirectRow | undefined> {
  return db.deleteFrom('redirects').where('id', '=', id).returningAll().executeTakeFirst();
}

/** The admin list order: by address, ties (none: it is unique) by id. */
const REDIRECT_ORDER: readonly KeyColumn[] = [
  { column: 'from_path', direction: 'asc' },
  { column: 'id', direction: 'asc' },
];
export type RedirectKey = [string, string];
export const redirectKey = (row: RedirectRow): RedirectKey => [row.from_path, row.id];

function filteredRedirects(db: Db, q: string | undefined) {
  const query = db.selectFrom('redirects');
  if (q === undefined) return query;
  const pattern = containsPattern(q);
  return query.where(sql<boolean>`(lower(from_path) like ${pattern} escape '\\' or lower(to_path) like ${pattern} escape '\\')`);
}

export function selectRedirects(db: Db, q: string | undefined, range: { limit?: number; after?: RedirectKey | undefined } = {}): Promise<RedirectRow[]> {
  let query = filteredRedirects(db, q).selectAll();
  if (range.after) query = query.where(afterKey(REDIRECT_ORDER, range.after));
  query = query.orderBy('from_path').orderBy('id');
  if (range.limit !== undefined) query = query.limit(range.limit);
  return query.execute();
}

export async function countRedirects(db: Db, q: string | undefined): Promise<number> {
  const row = await filteredRedirects(db, q).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
  return Number(row?.count ?? 0);
}
