import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { CategoryRow } from '../../db/schema';
import { afterKey, type KeyColumn } from '../../db/paging';
import { visibleWhere, type Visibility } from '../../content/visibility';

// All SQL for categories. `db` may be a transaction.

/** The list order: `order`, then title, then id (byte order on both dialects), as products. */
const CATEGORY_ORDER: readonly KeyColumn[] = [
  { column: 'categories.sort_order', direction: 'asc' },
  { column: 'categories.title', direction: 'asc' },
  { column: 'categories.id', direction: 'asc' },
];
export type CategoryKey = [number, string, string];
export const categoryKey = (row: CategoryRow): CategoryKey => [row.sort_order, row.title, row.id];

export function selectCategories(db: Db, visibility: Visibility, range: { limit?: number; after?: CategoryKey | undefined } = {}): Promise<CategoryRow[]> {
  let query = db.selectFrom('categories').selectAll().where(visibleWhere('categories', visibility));
  if (range.after) query = query.where(afterKey(CATEGORY_ORDER, range.after));
  query = query.orderBy('sort_order').orderBy('title').orderBy('id');
  if (range.limit !== undefined) query = query.limit(range.limit);
  return query.execute();
}

export async function countCategories(db: Db, visibility: Visibility): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .where(visibleWhere('categories', visibility))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Any status: callers decide what their viewer may see. */
export function selectCategoryById(db: Db, id: string): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Any status: callers decide what their viewer may see. */
export function selectCategoryBySlug(db: Db, slug: string): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** True when another category (not `exceptId`) already uses the slug. */
export async function categorySlugTaken(db: Db, slug: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('categories').select('id').where('slug', '=', slug);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The highest order in use, or -1 when there are no categories, so the next one is max + 1 (or 0). */
export async function selectMaxCategoryOrder(db: Db): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.max('sort_order').as('max_order'))
    .executeTakeFirst();
  return row?.max_order === null || row?.max_order === undefined ? -1 : Number(row.max_order);
}

export async function insertCategory(db: Db, row: Insertable<CategoryRow>): Promise<void> {
  await db.insertInto('categories').values(row).execute();
}

/**
 * Writes the changes and moves the version; with `ifVersion`, only when the
 * row is still at that version (compare-and-set, so two saves cannot both win).
 * Returns false when no row matched.
 */
export async function updateCategoryRow(db: Db, id: string, changes: Updateable<CategoryRow>, ifVersion?: number): Promise<boolean> {
  let query = db
    .updateTable('categories')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (ifVersion !== undefined) query = query.where('version', '=', ifVersion);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes the category and its product links; returns false when no row has that id. */
export async function deleteCategoryRow(db: Db, id: string): Promise<boolean> {
  // Links are deleted explicitly: PostgreSQL and SQLite both cascade, but only
  // when SQLite's foreign keys are switched on for that connection.
  await db.deleteFrom('product_categories').where('category_id', '=', id).execute();
  const result = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function selectExistingCategoryIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('categories').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** Of these ids, the categories the visibility allows. */
export async function selectVisibleCategoryIds(db: Db, ids: string[], visibility: Visibility): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('categories').select('id').where('id', 'in', ids).where(visibleWhere('categories', visibility)).execute();
  return new Set(rows.map((row) => row.id));
}
