import type { Db } from '../../db/database';
import type { ProductEditionRow, ProductRow } from '../../db/schema';
import { parseJson } from '../../db/json';
import type { Versioned } from '../../http/etag';
import { GalleryItemSchema, type GalleryItem, type Product } from '../../../shared/schemas/product';
import type { PublishStatus } from '../../../shared/schemas/publish';
import { editionsOf } from './editions';
import { selectEditions } from './edition.repository';
import { readHeroConfig } from '../site/hero-config';
import type { Page } from '../../../shared/schemas/list';
import { DEFAULT_PAGE_LIMIT } from '../../../shared/schemas/list';
import { toPage } from '../../db/paging';
import { decodeCursor } from '../../http/cursor';
import { isVisibleRow, publishState, visibilityFor } from '../../content/visibility';
import type { Viewer } from '../../content/viewer';
import type { CatalogueFigures } from '../../content/catalogue-figures';
import { visibleCategoryId } from '../categories/category.service';
import { selectVisibleCategoryIds } from '../categories/category.repository';
import { selectTagIdsBySlugs } from '../tags/tag.repository';
import { z } from 'zod';
import {
  countProducts,
  productKey,
  selectProducts,
  selectProductById,
  selectProductBySlug,
  selectProductLinks,
  type ProductFilter,
  type ProductKey,
  type ProductLinks,
} from './product.repository';

// Every read of products takes its viewer: visitors get only what is published
// (or scheduled and due), listed under categories they may see.

function readGallery(text: string): GalleryItem[] {
  const stored = parseJson<unknown>(text, []);
  if (!Array.isArray(stored)) return [];
  return stored
    .map((item) => GalleryItemSchema.safeParse(item))
    .flatMap((result) => (result.success ? [result.data] : []))
    .sort((a, b) => a.order - b.order);
}

export function toProduct(row: ProductRow, links: ProductLinks | undefined, editionRows?: ProductEditionRow[]): Product {
  const editions = editionsOf(row, editionRows);
  const first = editions[0]!;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    duration: row.duration,
    mainImage: row.main_image,
    buyLink: first.buyLink,
    categories: links?.categories ?? [],
    tags: links?.tags ?? [],
    description: row.description,
    introVideo: row.intro_video,
    heroConfig: readHeroConfig(row.hero_config),
    gallery: readGallery(row.gallery),
    darkMode: row.dark_mode === 1,
    price: first.price,
    currency: first.currency,
    editions,
    seoTitle: row.seo_title ?? null,
    seoDescription: row.seo_description ?? null,
    order: row.sort_order,
    ...publishState(row),
  };
}

/** The filters of a product list, by slug; without `limit`, `cursor` or `offset` the whole list. */
export type ProductQuery = {
  category?: string | undefined;
  /** A category by id, whatever its status (a preview of a category that is not live yet). */
  categoryId?: string | undefined;
  tag?: string[] | undefined;
  q?: string | undefined;
  /** Admin only: narrows to one status. */
  status?: PublishStatus | undefined;
};

/** Slugs to ids; null when a slug names nothing the viewer may see, so the list is empty rather than an error. */
async function resolveFilter(db: Db, viewer: Viewer, query: ProductQuery): Promise<ProductFilter | null> {
  let categoryId = query.categoryId;
  if (query.category !== undefined) {
    categoryId = await visibleCategoryId(db, viewer, query.category);
    if (!categoryId) return null;
  }
  const tagSlugs = [...new Set(query.tag ?? [])];
  const tagIds = await selectTagIdsBySlugs(db, tagSlugs);
  if (tagIds.length < tagSlugs.length) return null;
  return { categoryId, tagIds, titleContains: query.q, visibility: visibilityFor(viewer, query.status) };
}

/** Links as the viewer may see them: a visitor is not told of categories that are not live. */
async function linksFor(db: Db, viewer: Viewer, productIds: string[] | undefined): Promise<Map<string, ProductLinks>> {
  const links = await selectProductLinks(db, productIds);
  if (viewer === 'admin') return links;
  const categoryIds = [...new Set([...links.values()].flatMap((entry) => entry.categories))];
  const visible = await selectVisibleCategoryIds(db, categoryIds, visibilityFor('visitor'));
  if (visible.size === categoryIds.length) return links;
  for (const entry of links.values()) entry.categories = entry.categories.filter((id) => visible.has(id));
  return links;
}

async function withLinksAll(db: Db, viewer: Viewer, rows: ProductRow[]): Promise<Product[]> {
  const ids = rows.map((row) => row.id);
  const links = await linksFor(db, viewer, ids);
  const editions = await selectEditions(db, ids);
  return rows.map((row) => toProduct(row, links.get(row.id), editions.get(row.id)));
}

/** Every product the viewer may see matching the filters, in list order (order, then title, then id). */
export async function listProducts(db: Db, viewer: Viewer, query: ProductQuery = {}): Promise<Product[]> {
  const filter = await resolveFilter(db, viewer, query);
  if (!filter) return [];
  const rows = await selectProducts(db, filter);
  const narrowed = filter.categoryId || filter.tagIds.length || filter.titleContains || viewer === 'visitor' || query.status;
  // With no filter every link is wanted: one scan instead of a 10,000-id IN list.
  const links = await linksFor(db, viewer, narrowed ? rows.map((row) => row.id) : undefined);
  const editions = await selectEditions(db, narrowed ? rows.map((row) => row.id) : undefined);
  return rows.map((row) => toProduct(row, links.get(row.id), editions.get(row.id)));
}

const ProductCursor = z.tuple([z.number().int(), z.string(), z.string()]);

/**
 * One page of the filtered list: after `cursor` (the API), or from `offset`
 * (a numbered page of the site). Either way `nextCursor` continues after it.
 * The page walks the list order and stops; its `total` reads every match,
 * so with `figures` it is counted once per catalogue change.
 */
export async function pageProducts(
  db: Db,
  viewer: Viewer,
  query: ProductQuery & { limit?: number | undefined; cursor?: string | undefined; offset?: number },
  figures?: CatalogueFigures,
): Promise<Page<Product>> {
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  const after: ProductKey | undefined = query.cursor === undefined ? undefined : decodeCursor(query.cursor, ProductCursor);
  const filter = await resolveFilter(db, viewer, query);
  if (!filter) return { items: [], nextCursor: null, total: 0 };
  const rows = await selectProducts(db, filter, { limit: limit + 1, after, offset: query.offset });
  const count = () => countProducts(db, filter);
  const key = JSON.stringify(['products', viewer, query.status ?? null, filter.categoryId ?? null, [...filter.tagIds].sort(), filter.titleContains ?? null]);
  const total = await (figures ? figures.get(key, count) : count());
  const page = toPage(rows, limit, productKey, (row) => row, total);
  return { ...page, items: await withLinksAll(db, viewer, page.items) };
}

async function withLinks(db: Db, row: ProductRow | undefined, viewer: Viewer): Promise<Versioned<Product> | undefined> {
  if (!row || (viewer === 'visitor' && !isVisibleRow(row))) return undefined;
  const links = await linksFor(db, viewer, [row.id]);
  const editions = await selectEditions(db, [row.id]);
  return { item: toProduct(row, links.get(row.id), editions.get(row.id)), version: row.version };
}

export async function getProductVersioned(db: Db, viewer: Viewer, id: string): Promise<Versioned<Product> | undefined> {
  return withLinks(db, await selectProductById(db, id), viewer);
}

export async function getProductById(db: Db, viewer: Viewer, id: string): Promise<Product | undefined> {
  return (await getProductVersioned(db, viewer, id))?.item;
}

export async function getProductBySlug(db: Db, viewer: Viewer, slug: string): Promise<Product | undefined> {
  return (await withLinks(db, await selectProductBySlug(db, slug), viewer))?.item;
}

/** The products of `ids` the viewer may see, in the order of `ids` (a page's hand-picked grid): one read. */
export async function getProductsByIds(db: Db, viewer: Viewer, ids: string[]): Promise<Product[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows = (await db.selectFrom('products').selectAll().where('id', 'in', wanted).execute()).filter((row) => viewer === 'admin' || isVisibleRow(row));
  const byId = new Map((await withLinksAll(db, viewer, rows)).map((product) => [product.id, product]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}
