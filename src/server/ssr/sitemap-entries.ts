import type { Db } from '../db/database';
import { visibleWhere, visibilityFor, type Visibility } from '../content/visibility';
import { PUBLISHABLE_TABLES, itemPath, type PublishableTable } from '../content/types';

/** One URL of the sitemap: its path, when it last changed, the images it shows (as stored: paths or URLs). */
export type SitemapEntry = { path: string; lastmod: string; images: string[] };

/** Rows read per query while streaming: a large catalogue is never held whole. */
const BATCH = 500;
/** Search engines read at most 1,000 images per URL. */
const MAX_IMAGES = 1000;

type Published = { id: string; slug: string; updated_at: string; publish_at: string | null };
type Range = { limit: number; offset: number; after: string | undefined };

/** A scheduled item changed, for a visitor, when it went live. */
const changedAt = (row: Published, now: string) =>
  row.publish_at !== null && row.publish_at <= now && row.publish_at > row.updated_at ? row.publish_at : row.updated_at;

function galleryUrls(gallery: string): string[] {
  try {
    const items = JSON.parse(gallery) as Array<{ url?: unknown }>;
    return items.map((item) => item.url).filter((url): url is string => typeof url === 'string' && url !== '');
  } catch {
    return [];
  }
}

/** `take` rows from position `skip` in id order: an offset to start, then keyset steps of BATCH rows. */
async function* batched<Row extends { id: string }>(read: (range: Range) => Promise<Row[]>, skip: number, take: number): AsyncGenerator<Row> {
  let left = take;
  let after: string | undefined;
  while (left > 0) {
    const limit = Math.min(BATCH, left);
    const rows = await read({ limit, offset: after === undefined ? skip : 0, after });
    yield* rows;
    left -= rows.length;
    if (rows.length < limit) return;
    after = rows[rows.length - 1]!.id;
  }
}

const countVisible = async (db: Db, table: PublishableTable, visibility: Visibility) =>
  Number((await db.selectFrom(table).where(visibleWhere(table, visibility)).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst())?.count ?? 0);

/** Home and about change with their settings; never saved, they are as old as the newest item they show. */
async function pageEntries(db: Db, visibility: Visibility): Promise<SitemapEntry[]> {
  const settings = await db.selectFrom('settings').select(['key', 'updated_at']).where('key', 'in', ['homepage', 'about']).execute();
  const saved = new Map(settings.map((row) => [row.key, row.updated_at]));
  const newest = await Promise.all(
    PUBLISHABLE_TABLES.map(async (table) =>
      (await db.selectFrom(table).where(visibleWhere(table, visibility)).select((eb) => eb.fn.max('updated_at').as('at')).executeTakeFirst())?.at,
    ),
  );
  const fallback = newest.filter((at): at is string => typeof at === 'string').sort().pop() ?? visibility.now;
  return [
    { path: '/', lastmod: saved.get('homepage') ?? fallback, images: [] },
    { path: '/about', lastmod: saved.get('about') ?? fallback, images: [] },
  ];
}

export async function countSitemapEntries(db: Db): Promise<number> {
  const visibility = visibilityFor('visitor');
  return 2 + (await countVisible(db, 'categories', visibility)) + (await countVisible(db, 'products', visibility)) + (await countVisible(db, 'pages', visibility));
}

/**
 * The public pages in a fixed order (home, about, categories, products, pages
 * made of blocks, each kind by id), from position `start`, at most `count` of them: one file of
 * the sitemap. Only what a visitor may see: drafts and future items never.
 */
export async function* sitemapEntries(db: Db, start: number, count: number): AsyncGenerator<SitemapEntry> {
  const visibility = visibilityFor('visitor');
  const now = visibility.now;
  const fixed = (await pageEntries(db, visibility)).slice(start, start + count);
  yield* fixed;
  let left = count - fixed.length;
  const categoryTotal = await countVisible(db, 'categories', visibility);
  const categoryStart = Math.max(0, start - 2);
  if (left > 0 && categoryStart < categoryTotal) {
    const rows = batched(
      ({ limit, offset, after }) => {
        let query = db.selectFrom('categories').where(visibleWhere('categories', visibility)).select(['id', 'slug', 'updated_at', 'publish_at']);
        if (after !== undefined) query = query.where('id', '>', after);
        return query.orderBy('id').limit(limit).offset(offset).execute();
      },
      categoryStart,
      left,
    );
    for await (const row of rows) {
      left -= 1;
      yield { path: itemPath('category', row.slug), lastmod: changedAt(row, now), images: [] };
    }
  }
  if (left <= 0) return;
  const productTotal = await countVisible(db, 'products', visibility);
  const productStart = Math.max(0, start - 2 - categoryTotal);
  if (productStart < productTotal) left = yield* productEntries(db, visibility, productStart, left);
  if (left <= 0) return;
  const pages = batched(
    ({ limit, offset, after }) => {
      let query = db.selectFrom('pages').where(visibleWhere('pages', visibility)).select(['id', 'slug', 'updated_at', 'publish_at', 'share_image']);
      if (after !== undefined) query = query.where('id', '>', after);
      return query.orderBy('id').limit(limit).offset(offset).execute();
    },
    Math.max(0, start - 2 - categoryTotal - productTotal),
    left,
  );
  for await (const row of pages) yield { path: itemPath('page', row.slug), lastmod: changedAt(row, now), images: row.share_image ? [row.share_image] : [] };
}

/** Products from position `skip`, at most `left`: answers how many of `left` remain. */
async function* productEntries(db: Db, visibility: Visibility, skip: number, left: number): AsyncGenerator<SitemapEntry, number> {
  const now = visibility.now;
  const products = batched(
    ({ limit, offset, after }) => {
      let query = db.selectFrom('products').where(visibleWhere('products', visibility)).select(['id', 'slug', 'updated_at', 'publish_at', 'main_image', 'gallery']);
      if (after !== undefined) query = query.where('id', '>', after);
      return query.orderBy('id').limit(limit).offset(offset).execute();
    },
    skip,
    left,
  );
  for await (const row of products) {
    left -= 1;
    const images = [...new Set([row.main_image, ...galleryUrls(row.gallery)].filter(Boolean))].slice(0, MAX_IMAGES);
    yield { path: itemPath('product', row.slug), lastmod: changedAt(row, now), images };
  }
  return left;
}
