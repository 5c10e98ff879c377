import type { Db } from '../../db/database';
import type { MediaUsage } from '../../../shared/schemas/media';

const SINGLETONS = [
  { key: 'homepage', kind: 'homepage', title: 'Homepage' },
  { key: 'about', kind: 'about', title: 'About page' },
  { key: 'theme', kind: 'theme', title: 'Theme' },
] as const;

// Stored URLs are generated names (`/uploads/<uuid>.<ext>`): no LIKE wildcard can occur in them.
const containing = (url: string) => `%${url}%`;

/**
 * Where each of `urls` is used: products, categories and the homepage, about
 * and theme settings, in every field that can hold a picture or a video
 * (images in rich text and hero configs included). Content refers to media by
 * URL (docs/decisions/014-media-library.md), so this searches the columns
 * that can hold one, for the given URLs only: a page of the library costs one
 * query per table, whatever the catalogue's size.
 */
export async function findUsages(db: Db, urls: string[]): Promise<Map<string, MediaUsage[]>> {
  const usages = new Map<string, MediaUsage[]>(urls.map((url) => [url, []]));
  if (urls.length === 0) return usages;
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
  return usages;
}

/** "Product “Intro”, Homepage": where an item is used, for the refusal to delete it. */
export const describeUsages = (usages: MediaUsage[]) =>
  usages.map((usage) => (usage.kind === 'product' || usage.kind === 'category' ? `${usage.kind === 'product' ? 'Product' : 'Category'} “${usage.title}”` : usage.title)).join(', ');
