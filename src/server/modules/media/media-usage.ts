import type { Db } from '../../db/database';
import type { MediaUsage } from '../../../shared/schemas/media';

const SINGLETONS = [
  { key: 'homepage', kind: 'homepage', title: 'Homepage' },
  { key: 'about', kind: 'about', title: 'About page' },
  { key: 'theme', kind: 'theme', title: 'Theme' },
  { key: 'site', kind: 'site', title: 'Site settings' },
] as const;

// Stored URLs are generated names (`/uploads/<uuid>.<ext>`): no LIKE wildcard can occur in them.
const containing = (url: string) => `%${url}%`;

/**
 * Where each of `urls` is used: products, categories and the homepage, about
 * and theme settings, in every field that can hold a picture or a video
 * (images in rich text and hero configs included). Content refers to media by
 * URL (docs/decisions/014-media-library.md), so this searches the columns
 * that can hold one. A page of the library (up to 100 items) is searched in
 * SQL, one query per table (about 0.5 s for 30 items at 10,000 products); a
 * longer list reads the content columns once.
 */
export async function findUsages(db: Db, urls: string[]): Promise<Map<string, MediaUsage[]>> {
  const usages = new Map<string, MediaUsage[]>(urls.map((url) => [url, []]));
  if (urls.length > BATCH) await scanAll(db, usages);
  else if (urls.length > 0) await findBatch(db, urls, usages);
  return usages;
}

/** Up to this many URLs are searched in SQL (5 conditions each stays far below SQLite's expression-depth limit of 1000). */
const BATCH = 100;
const UPLOAD_URL = /\/uploads\/[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]+)?/g;

/**
 * The whole library at once: one read of the content columns, every stored
 * URL in them picked out, instead of one search per item.
 */
async function scanAll(db: Db, usages: Map<string, MediaUsage[]>): Promise<void> {
  const note = (texts: string[], usage: MediaUsage) => {
    for (const url of new Set(texts.join('\n').match(UPLOAD_URL))) usages.get(url)?.push(usage);
  };
  const products = await db
    .selectFrom('products')
    .select(['id', 'title', 'main_image', 'gallery', 'hero_config', 'intro_video', 'description'])
    .orderBy('sort_order')
    .execute();
  for (const row of products) note([row.main_image, row.intro_video, row.gallery, row.hero_config, row.description], { kind: 'product', id: row.id, title: row.title });
  const categories = await db
    .selectFrom('categories')
    .select(['id', 'title', 'tile_image', 'tile_video', 'hover_image', 'empty_image', 'hero_config'])
    .orderBy('sort_order')
    .execute();
  for (const row of categories) note([row.tile_image, row.tile_video, row.hover_image, row.empty_image, row.hero_config], { kind: 'category', id: row.id, title: row.title });
  const settings = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', SINGLETONS.map((singleton) => singleton.key)).execute();
  for (const singleton of SINGLETONS) {
    const row = settings.find((setting) => setting.key === singleton.key);
    if (row) note([row.value], { kind: singleton.kind, id: singleton.key, title: singleton.title });
  }
}

async function findBatch(db: Db, urls: string[], usages: Map<string, MediaUsage[]>): Promise<void> {
  const add = (text: string, usage: MediaUsage) => {
    for (const url of urls) if (text.includes(url)) usages.get(url)!.push(usage);
  };

  const products = await db
    .selectFrom('products')
    .select(['id', 'title', 'main_image', 'gallery', 'hero_config', 'intro_video', 'description'])
    .where((eb) =>
      eb.or(
        urls.flatMap((url) => [
          eb('main_image', '=', url),
          eb('intro_video', '=', url),
          eb('gallery', 'like', containing(url)),
          eb('hero_config', 'like', containing(url)),
          eb('description', 'like', containing(url)),
        ]),
      ),
    )
    .orderBy('sort_order')
    .execute();
  for (const row of products) {
    add([row.main_image, row.intro_video, row.gallery, row.hero_config, row.description].join('\n'), { kind: 'product', id: row.id, title: row.title });
  }

  const categories = await db
    .selectFrom('categories')
    .select(['id', 'title', 'tile_image', 'tile_video', 'hover_image', 'empty_image', 'hero_config'])
    .where((eb) =>
      eb.or(
        urls.flatMap((url) => [
          eb('tile_image', '=', url),
          eb('tile_video', '=', url),
          eb('hover_image', '=', url),
          eb('empty_image', '=', url),
          eb('hero_config', 'like', containing(url)),
        ]),
      ),
    )
    .orderBy('sort_order')
    .execute();
  for (const row of categories) {
    add([row.tile_image, row.tile_video, row.hover_image, row.empty_image, row.hero_config].join('\n'), { kind: 'category', id: row.id, title: row.title });
  }

  const settings = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', SINGLETONS.map((singleton) => singleton.key))
    .execute();
  for (const singleton of SINGLETONS) {
    const row = settings.find((setting) => setting.key === singleton.key);
    if (row) add(row.value, { kind: singleton.kind, id: singleton.key, title: singleton.title });
  }
}

/** "Product “Intro”, Homepage": where an item is used, for the refusal to delete it. */
export const describeUsages = (usages: MediaUsage[]) =>
  usages.map((usage) => (usage.kind === 'product' || usage.kind === 'category' ? `${usage.kind === 'product' ? 'Product' : 'Category'} “${usage.title}”` : usage.title)).join(', ');
