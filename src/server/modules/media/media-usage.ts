import type { Db } from '../../db/database';
import type { MediaUsage } from '../../../shared/schemas/media';
import { selectUsages } from '../../content/effects/media-usages';
import { CONTENT_TYPE_NAMES, contentType, type ContentTypeName } from '../../content/types';

/** Where a type's usages come in an answer: in the order of the types table, items by their list position. */
const rank = (entity: ContentTypeName) => CONTENT_TYPE_NAMES.indexOf(entity);

/** List positions of the ordered items among `rows`, one indexed read per ordered type. */
async function positionsOf(db: Db, rows: { entity: ContentTypeName; item_id: string }[]): Promise<Map<string, number>> {
  const positions = new Map<string, number>();
  for (const entity of new Set(rows.map((row) => row.entity))) {
    const store = contentType(entity).store;
    if (!contentType(entity).orderLock || !('table' in store)) continue;
    const ids = [...new Set(rows.filter((row) => row.entity === entity).map((row) => row.item_id))];
    const found = await db
      .selectFrom(store.table as 'products')
      .select(['id', 'sort_order'])
      .where('id', 'in', ids)
      .execute();
    for (const row of found) positions.set(`${entity} ${row.id}`, row.sort_order);
  }
  return positions;
}

/**
 * Where each of `urls` is used: every content item whose media fields
 * (content/types.ts) hold it, images in rich text and hero configs included.
 * Content refers to media by URL (docs/decisions/014-media-library.md); the
 * write unit keeps the `media_usages` index of those URLs (decision 056), so
 * this is an indexed lookup whatever the size of the catalogue.
 */
export async function findUsages(db: Db, urls: string[]): Promise<Map<string, MediaUsage[]>> {
  const usages = new Map<string, MediaUsage[]>(urls.map((url) => [url, []]));
  if (urls.length === 0) return usages;
  const rows = await selectUsages(db, [...new Set(urls)]);
  const positions = await positionsOf(db, rows);
  const position = (row: { entity: ContentTypeName; item_id: string }) => positions.get(`${row.entity} ${row.item_id}`) ?? 0;
  rows.sort((a, b) => rank(a.entity) - rank(b.entity) || position(a) - position(b) || a.item_id.localeCompare(b.item_id));
  for (const row of rows) usages.get(row.url)?.push({ kind: row.entity, id: row.item_id, title: row.title });
  return usages;
}

/** "Product “Intro”, Homepage": where an item is used, for the refusal to delete it. */
export const describeUsages = (usages: MediaUsage[]) =>
  usages.map((usage) => ('setting' in contentType(usage.kind as ContentTypeName).store ? usage.title : `${contentType(usage.kind as ContentTypeName).label} “${usage.title}”`)).join(', ');
