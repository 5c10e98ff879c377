import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { PageRow } from '../../db/schema';
import { afterKey, type KeyColumn } from '../../db/paging';
import { visibleWhere, type Visibility } from '../../content/visibility';

// All SQL for pages. `db` may be a transaction.

/** The list order: title, then id (byte order on both dialects). */
const PAGE_ORDER: readonly KeyColumn[] = [
  { column: 'pages.title', direction: 'asc' },
  { column: 'pages.id', direction: 'asc' },
];
export type PageKey = [string, string];
export const pageKey = (row: PageRow): PageKey => [row.title, row.id];

export function selectPages(db: Db, visibility: Visibility, range: { limit?: number; after?: PageKey | undefined } = {}): Promise<PageRow[]> {
  let query = db.selectFrom('pages').selectAll().where(visibleWhere('pages', visibility));
  if (range.after) query = query.where(afterKey(PAGE_ORDER, range.after));
  query = query.orderBy('title').orderBy('id');
  if (range.limit !== undefined) query = query.limit(range.limit);
  return query.execute();
}

export async function countPages(db: Db, visibility: Visibility): Promise<number> {
  const row = await db.selectFrom('pages').where(visibleWhere('pages', visibility)).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Any status: callers decide what their viewer may see. */
export function selectPageById(db: Db, id: string): Promise<PageRow | undefined> {
  return db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Any status: callers decide what their viewer may see. */
export function selectPageBySlug(db: Db, slug: string): Promise<PageRow | undefined> {
  return db.selectFrom('pages').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function insertPage(db: Db, row: Insertable<PageRow>): Promise<void> {
  await db.insertInto('pages').values(row).execute();
}

/** Writes the changes and moves the version; with `ifVersion`, only when the row is still at that version. */
export async function updatePageRow(db: Db, id: string, changes: Updateable<PageRow>, ifVersion?: number): Promise<boolean> {
  let query = db
    .updateTable('pages')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (ifVersion !== undefined) query = query.where('version', '=', ifVersion);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePageRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('pages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
