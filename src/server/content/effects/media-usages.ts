import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { ContentChange } from '../changes';
import { contentTypeNames, contentType, type ContentTypeName } from '../types';

/**
 * "Where is this file used" as an index (decision 056): one row per stored
 * media URL and content item that shows it, rewritten by the write unit in
 * the write's transaction from the item's media columns (types.ts `media`),
 * so the media library and the refusal to delete a used file read it by URL
 * instead of searching every content column.
 */

/** Stored URLs are generated names (`/uploads/<uuid>.<ext>`, media-store.ts), whichever store holds the file. */
const UPLOAD_URL = /\/uploads\/[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]+)?/g;
/** Rows read or written per statement: far below both databases' parameter limits. */
const BATCH = 500;

type Usage = { url: string; entity: ContentTypeName; item_id: string; title: string };

const urlsIn = (texts: unknown[]) => [...new Set(texts.filter((text): text is string => typeof text === 'string').join('\n').match(UPLOAD_URL))];

/** The usages of every item of one type (all of them without `ids`), read from their stored columns. */
async function usagesOf(db: Db, entity: ContentTypeName, ids?: string[]): Promise<Usage[]> {
  const type = contentType(entity);
  if (!type.media) return [];
  if ('setting' in type.store) {
    const key = type.store.setting;
    if (ids && !ids.includes(key)) return [];
    const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    return urlsIn([row?.value]).map((url) => ({ url, entity, item_id: key, title: type.label }));
  }
  const columns = type.media;
  const ref = (column: string) => db.dynamic.ref(column);
  let query = db.selectFrom(type.store.table as 'products').select(['id', 'title', ...columns.map(ref)]);
  if (ids) query = query.where('id', 'in', ids);
  const rows: Record<string, unknown>[] = await query.execute();
  return rows.flatMap((row) => urlsIn(columns.map((column) => row[column])).map((url) => ({ url, entity, item_id: String(row.id), title: String(row.title) })));
}

async function insertUsages(trx: Db, usages: Usage[]): Promise<void> {
  for (let i = 0; i < usages.length; i += BATCH) await trx.insertInto('media_usages').values(usages.slice(i, i + BATCH)).execute();
}

/** The item's own key in the index: its id, or a singleton's setting key. */
const itemKey = (change: ContentChange) => {
  const store = contentType(change.entity).store;
  return 'setting' in store ? store.setting : change.id;
};

/** Rewrites the index rows of the item a write saved or deleted (a reorder changes no media). */
export async function recordMediaUsages(trx: Db, change: ContentChange): Promise<void> {
  const key = itemKey(change);
  if (!contentType(change.entity).media || change.action === 'reorder' || key === null) return;
  // A created item has no rows yet.
  if (change.action !== 'create') await trx.deleteFrom('media_usages').where('entity', '=', change.entity).where('item_id', '=', key).execute();
  if (change.action !== 'delete') await insertUsages(trx, await usagesOf(trx, change.entity, [key]));
}

/** The whole index from the content, in the caller's transaction (after a restore). */
export async function rebuildMediaUsages(trx: Db): Promise<void> {
  await trx.deleteFrom('media_usages').execute();
  for (const entity of contentTypeNames()) await insertUsages(trx, await usagesOf(trx, entity));
}

/** An index row with its item's list position (0 for types without one), for the answer's order. */
export type MediaUsageRow = Usage & { position: number };

/**
 * The index rows of these URLs, by an indexed lookup, each with its item's
 * list position read in the same statement (a join per ordered type).
 */
export async function selectUsages(db: Db, urls: string[]): Promise<MediaUsageRow[]> {
  const ordered = contentTypeNames().flatMap((entity) => {
    const type = contentType(entity);
    return type.orderLock && 'table' in type.store ? [{ entity, table: type.store.table }] : [];
  });
  const rows: MediaUsageRow[] = [];
  for (let i = 0; i < urls.length; i += BATCH) {
    let query = db.selectFrom('media_usages as u').where('u.url', 'in', urls.slice(i, i + BATCH));
    ordered.forEach(({ entity, table }, n) => {
      query = query.leftJoin(`${table} as p${n}` as 'products as p0', (join) => join.on('u.entity', '=', entity).onRef(`p${n}.id` as 'p0.id', '=', 'u.item_id'));
    });
    const positions = ordered.map((_, n) => sql.ref<number | null>(`p${n}.sort_order`));
    const found = await query
      .select(['u.url', 'u.entity', 'u.item_id', 'u.title', sql<number>`coalesce(${sql.join([...positions, sql.lit(0)])})`.as('position')])
      .execute();
    rows.push(...found.map((row) => ({ ...row, entity: row.entity as ContentTypeName, position: Number(row.position) })));
  }
  return rows;
}
