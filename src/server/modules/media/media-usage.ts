import type { Db } from '../../db/database';
import type { MediaUsage } from '../../../shared/schemas/media';

/**
 * The content columns that can hold a stored media URL: `whole` columns hold
 * one URL and nothing else; `within` columns hold URLs among other text
 * (gallery and hero JSON, rich-text HTML).
 */
const CONTENT_TABLES = [
  { table: 'products', kind: 'product', whole: ['main_image', 'intro_video'], within: ['gallery', 'hero_config', 'description'] },
  { table: 'categories', kind: 'category', whole: ['tile_image', 'tile_video', 'hover_image', 'empty_image'], within: ['hero_config'] },
] as const;

const SINGLETONS = [
  { key: 'homepage', kind: 'homepage', title: 'Homepage' },
  { key: 'about', kind: 'about', title: 'About page' },
  { key: 'theme', kind: 'theme', title: 'Theme' },
  { key: 'site', kind: 'site', title: 'Site settings' },
] as const;

// Stored URLs are generated names (`/uploads/<uuid>.<ext>`): no LIKE wildcard can occur in them.
const containing = (url: string) => `%${url}%`;

/** Up to this many URLs are searched in SQL (5 conditions each stays far below SQLite's expression-depth limit of 1000). */
const BATCH = 100;
const UPLOAD_URL = /\/uploads\/[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]+)?/g;

/**
 * Where each of `urls` is used: products, categories and the homepage, about,
 * theme and site settings, in every field that can hold a picture or a video
 * (images in rich text and hero configs included). Content refers to media by
 * URL (docs/decisions/014-media-library.md), so this searches the columns
 * that can hold one. A page of the library (up to 100 items) is searched in
 * SQL, one query per table (about 0.5 s for 30 items at 10,000 products); a
 * longer list reads the content columns once and picks every stored URL out
 * of them, instead of one search per item.
 */
export async function findUsages(db: Db, urls: string[]): Promise<Map<string, MediaUsage[]>> {
  const usages = new Map<string, MediaUsage[]>(urls.map((url) => [url, []]));
  if (urls.length === 0) return usages;
  const searched = urls.length > BATCH ? null : urls;
  const note = (texts: (string | null)[], usage: MediaUsage) => {
    const text = texts.join('\n');
    const found = searched ? searched.filter((url) => text.includes(url)) : new Set(text.match(UPLOAD_URL));
    for (const url of found) usages.get(url)?.push(usage);
  };

  for (const source of CONTENT_TABLES) {
    const columns = [...source.whole, ...source.within];
    const ref = (column: string) => db.dynamic.ref(column);
    let query = db
      .selectFrom(source.table)
      .select(['id', 'title', ...columns.map((column) => ref(column))])
      .orderBy('sort_order');
    if (searched) {
      query = query.where((eb) =>
        eb.or(
          searched.flatMap((url) => [
            ...source.whole.map((column) => eb(ref(column), '=', url)),
            ...source.within.map((column) => eb(ref(column), 'like', containing(url))),
          ]),
        ),
      );
    }
    for (const row of await query.execute()) {
      // Dynamic columns are not in the row's static type.
      const values: Record<string, unknown> = row;
      note(
        columns.map((column) => values[column] as string | null),
        { kind: source.kind, id: row.id, title: row.title },
      );
    }
  }

  const settings = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', SINGLETONS.map((singleton) => singleton.key)).execute();
  for (const singleton of SINGLETONS) {
    const row = settings.find((setting) => setting.key === singleton.key);
    if (row) note([row.value], { kind: singleton.kind, id: singleton.key, title: singleton.title });
  }
  return usages;
}

/** "Product “Intro”, Homepage": where an item is used, for the refusal to delete it. */
export const describeUsages = (usages: MediaUsage[]) =>
  usages.map((usage) => (usage.kind === 'product' || usage.kind === 'category' ? `${usage.kind === 'product' ? 'Product' : 'Category'} “${usage.title}”` : usage.title)).join(', ');
