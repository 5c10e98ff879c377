import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { TagRow } from '../../db/schema';
import { afterKey, type KeyColumn } from '../../db/paging';
import { visibleWhere, type Visibility } from '../../content/visibility';
import { narrowingConditions } from '../products/product-narrowing';

// All SQL for tags. `db` may be a transaction.

/** By title ignoring case, then id (byte order on both dialects). */
const TAG_ORDER: readonly KeyColumn[] = [
  { column: 'tags.title_key', direction: 'asc' },
  { column: 'tags.id', direction: 'asc' },
];
export type TagKey = [string, string];
export const tagKey = (row: TagRow): TagKey => [row.title_key, row.id];

/**
 * Tags in list order; with `categoryId`, only those some product of that category the viewer may see
 * carries; `hideSoldOut` (the owner hides sold-out products, decision 072): a product whose every
 * edition is sold out does not count.
 */
function filteredTags(db: Db, categoryId: string | undefined, visibility: Visibility, hideSoldOut = false) {
  let query = db.selectFrom('tags');
  if (categoryId !== undefined) {
    const listed = narrowingConditions({ attributes: [], hideSoldOut, now: visibility.now });
    query = query.where((eb) => {
      let carried = eb
        .selectFrom('product_tags')
        .innerJoin('product_categories', 'product_categories.product_id', 'product_tags.product_id')
        .innerJoin('products', 'products.id', 'product_tags.product_id')
        .select('product_tags.tag_id')
        .whereRef('product_tags.tag_id', '=', 'tags.id')
        .where('product_categories.category_id', '=', categoryId)
        .where(visibleWhere('products', visibility));
      for (const condition of listed) carried = carried.where(condition);
      return eb.exists(carried);
    });
  }
  return query;
}

export function selectTags(
  db: Db,
  categoryId: string | undefined,
  visibility: Visibility,
  range: { limit?: number; after?: TagKey | undefined; hideSoldOut?: boolean } = {},
): Promise<TagRow[]> {
  let query = filteredTags(db, categoryId, visibility, range.hideSoldOut).selectAll('tags');
  if (range.after) query = query.where(afterKey(TAG_ORDER, range.after));
  query = query.orderBy('tags.title_key').orderBy('tags.id');
  if (range.limit !== undefined) query = query.limit(range.limit);
  return query.execute();
}

export async function countTags(db: Db, categoryId: string | undefined, visibility: Visibility, hideSoldOut = false): Promise<number> {
  const row = await filteredTags(db, categoryId, visibility, hideSoldOut).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
  return Number(row?.count ?? 0);
}

export function selectTagsByIds(db: Db, ids: string[]): Promise<TagRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('tags').selectAll().where('id', 'in', ids).execute();
}

/** Ids of the tags with these slugs (fewer than asked when a slug names no tag). */
export async function selectTagIdsBySlugs(db: Db, slugs: string[]): Promise<string[]> {
  if (slugs.length === 0) return [];
  const rows = await db.selectFrom('tags').select('id').where('slug', 'in', slugs).execute();
  return rows.map((row) => row.id);
}

/** Slugs in use that start with `base` (the base itself or `base-N`), except the tag `exceptId`. */
export async function selectSlugsLike(db: Db, base: string, exceptId?: string): Promise<Set<string>> {
  let query = db.selectFrom('tags').select('slug').where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
  if (exceptId) query = query.where('id', '<>', exceptId);
  return new Set((await query.execute()).map((row) => row.slug));
}

export function selectTagById(db: Db, id: string): Promise<TagRow | undefined> {
  return db.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertTag(db: Db, row: Insertable<TagRow>): Promise<void> {
  await db.insertInto('tags').values(row).execute();
}

/** Returns false when no row has that id. */
export async function updateTagRow(db: Db, id: string, changes: Updateable<TagRow>): Promise<boolean> {
  const result = await db.updateTable('tags').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes the tag and its product links; returns false when no row has that id. */
export async function deleteTagRow(db: Db, id: string): Promise<boolean> {
  // Explicit rather than relying on ON DELETE CASCADE, which SQLite applies
  // only when foreign keys are on for the connection.
  await db.deleteFrom('product_tags').where('tag_id', '=', id).execute();
  const result = await db.deleteFrom('tags').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function selectExistingTagIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('tags').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}
