import type { Db } from '../../db/database';
import type { MediaUsage } from '../../../shared/schemas/media';
import { selectUsages } from '../../content/effects/media-usages';
import { contentTypeNames, contentType, type ContentTypeName } from '../../content/types';

/** Where a type's usages come in an answer: in the order of the types table, items by their list position. */
const rank = (entity: ContentTypeName) => contentTypeNames().indexOf(entity);

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
  rows.sort((a, b) => rank(a.entity) - rank(b.entity) || a.position - b.position || a.item_id.localeCompare(b.item_id));
  for (const row of rows) usages.get(row.url)?.push({ kind: row.entity, id: row.item_id, title: row.title });
  return usages;
}

/** "Product “Intro”, Homepage": where an item is used, for the refusal to delete it. */
export const describeUsages = (usages: MediaUsage[]) =>
  usages.map((usage) => ('setting' in contentType(usage.kind as ContentTypeName).store ? usage.title : `${contentType(usage.kind as ContentTypeName).label} “${usage.title}”`)).join(', ');
