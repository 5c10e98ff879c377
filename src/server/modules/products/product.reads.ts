import type { Db } from '../../db/database';
import type { ProductEditionRow, ProductRow } from '../../db/schema';
import { parseJson } from '../../db/json';
import type { Versioned } from '../../http/etag';
import { GalleryItemSchema, type GalleryItem, type Product } from '../../../shared/schemas/product';
import type { PublishStatus } from '../../../shared/schemas/publish';
import { editionsOf } from './editions';
import { selectEditions } from './edition.repository';
import { selectAttributes, selectProductValues } from '../attributes/attribute.repository';
import { valuesOf } from '../attributes/product-values';
import type { AttributeValue, ProductSort } from '../../../shared/schemas/attribute';
import type { Availability } from '../../../shared/schemas/edition';
import { attributeConditions, type AttributeQuery } from '../attributes/attribute-filters';
import { getSiteSettings } from '../site/site-settings.service';
import type { AttributeCondition, Narrowing } from './product-narrowing';
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
  type ListedProductRow,
  type ProductFilter,
  type ListingSearch,
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

export function toProduct(row: ProductRow, links: ProductLinks | undefined, editionRows?: ProductEditionRow[], attributes: Record<string, AttributeValue> = {}): Product {
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
    attributes,
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
  /** Raw values by attribute slug (issue 28); `strictAttributes` (the API) refuses what names nothing, a page leaves it out. */
  attributes?: AttributeQuery | undefined;
  strictAttributes?: boolean | undefined;
  availability?: Availability[] | undefined;
  onSale?: boolean | undefined;
  sort?: ProductSort | undefined;
  /** A site search's matches (decision 077): the search service resolves the words. */
  search?: ListingSearch | undefined;
};

/** The narrowing of issue 28 (decision 072): visitors' lists leave sold-out products out when the owner says so. */
async function narrowingOf(db: Db, viewer: Viewer, query: ProductQuery): Promise<Narrowing> {
  const raw = query.attributes ?? {};
  const conditions: AttributeCondition[] = Object.keys(raw).length === 0
    ? []
    : attributeConditions(await selectAttributes(db), raw, { strict: query.strictAttributes === true, param: (slug) => (query.strictAttributes ? `attr.${slug}` : slug) });
  const hideSoldOut = viewer === 'visitor' && (await getSiteSettings(db)).soldOutProducts === 'hidden';
  return { attributes: conditions, availability: query.availability, onSale: query.onSale, hideSoldOut, now: new Date().toISOString() };
}

/** Slugs to ids; null when a slug names nothing the viewer may see, so the list is empty rather than an error. */
export async function resolveFilter(db: Db, viewer: Viewer, query: ProductQuery): Promise<ProductFilter | null> {
  let categoryId = query.categoryId;
  if (query.category !== undefined) {
    categoryId = await visibleCategoryId(db, viewer, query.category);
    if (!categoryId) return null;
  }
  const tagSlugs = [...new Set(query.tag ?? [])];
  const tagIds = await selectTagIdsBySlugs(db, tagSlugs);
  if (tagIds.length < tagSlugs.length) return null;
  const narrowing = await narrowingOf(db, viewer, query);
  return { categoryId, tagIds, titleContains: query.q, visibility: visibilityFor(viewer, query.status), narrowing, search: query.search };
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

/** Attribute values per product, by slug. `productIds` undefined = all products. */
async function attributesFor(db: Db, productIds: string[] | undefined): Promise<Map<string, Record<string, AttributeValue>>> {
  const found = new Map<string, Record<string, AttributeValue>>();
  if (productIds && productIds.length === 0) return found;
  const values = await selectProductValues(db, productIds);
  if (values.size === 0) return found;
  const definitions = await selectAttributes(db);
  for (const [id, rows] of values) found.set(id, valuesOf(rows, definitions));
  return found;
}

async function withLinksAll(db: Db, viewer: Viewer, rows: ProductRow[]): Promise<Product[]> {
  const ids = rows.map((row) => row.id);
  const links = await linksFor(db, viewer, ids);
  const editions = await selectEditions(db, ids);
  const attributes = await attributesFor(db, ids);
  return rows.map((row) => toProduct(row, links.get(row.id), editions.get(row.id), attributes.get(row.id)));
}

/** Every product the viewer may see matching the filters, in list order (order, then title, then id). */
export async function listProducts(db: Db, viewer: Viewer, query: ProductQuery = {}): Promise<Product[]> {
  const filter = await resolveFilter(db, viewer, query);
  if (!filter) return [];
  const rows = await selectProducts(db, filter, { sort: query.sort });
  const narrowed = filter.categoryId || filter.tagIds.length || filter.titleContains || viewer === 'visitor' || query.status || isNarrowed(filter.narrowing);
  // With no filter every link is wanted: one scan instead of a 10,000-id IN list.
  const links = await linksFor(db, viewer, narrowed ? rows.map((row) => row.id) : undefined);
  const editions = await selectEditions(db, narrowed ? rows.map((row) => row.id) : undefined);
  const attributes = await attributesFor(db, narrowed ? rows.map((row) => row.id) : undefined);
  return rows.map((row) => toProduct(row, links.get(row.id), editions.get(row.id), attributes.get(row.id)));
}

const isNarrowed = (narrowing: Narrowing | undefined) =>
  narrowing !== undefined && (narrowing.attributes.length > 0 || narrowing.availability !== undefined || narrowing.onSale !== undefined || narrowing.hideSoldOut === true);

/** Each sort's cursor: its key, so a page continues exactly after the last row shown. */
const CURSORS = {
  order: z.tuple([z.number().int(), z.string(), z.string()]),
  newest: z.tuple([z.string(), z.string()]),
  price: z.tuple([z.coerce.number().int(), z.number().int(), z.string(), z.string()]),
};
const cursorShape = (sort: ProductSort) => (sort === 'newest' ? CURSORS.newest : sort === 'order' ? CURSORS.order : CURSORS.price);
const keyOf = (sort: ProductSort) => (row: ListedProductRow): (string | number)[] => {
  if (sort === 'newest') return [row.created_at, row.id];
  if (sort === 'order') return productKey(row);
  return [Number(row.sort_price), row.sort_order, row.title, row.id];
};

/** The key of a listing's count among the catalogue figures: a page and its facets (which count it too) share it. */
export function listingCountKey(viewer: Viewer, query: Pick<ProductQuery, 'status'>, filter: ProductFilter): string {
  const n = filter.narrowing;
  // The conditions in one order: the facets read them in the address's order, the page in the facets'.
  const attributes = [...(n?.attributes ?? [])].sort((a, b) => (a.attributeId < b.attributeId ? -1 : a.attributeId > b.attributeId ? 1 : 0));
  return JSON.stringify(['products', viewer, query.status ?? null, filter.categoryId ?? null, [...filter.tagIds].sort(), filter.titleContains ?? null, attributes, n?.availability ?? null, n?.hideSoldOut ?? false, filter.search ?? null]);
}

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
  const sort = query.sort ?? 'order';
  const after = query.cursor === undefined ? undefined : decodeCursor<(string | number)[]>(query.cursor, cursorShape(sort) as z.ZodType<(string | number)[]>);
  const filter = await resolveFilter(db, viewer, query);
  if (!filter) return { items: [], nextCursor: null, total: 0 };
  const rows = await selectProducts(db, filter, { limit: limit + 1, after, offset: query.offset, sort });
  const count = () => countProducts(db, filter);
  // A sale ends by itself, without a write: a count of sales is read each time.
  const total = await (figures && filter.narrowing?.onSale === undefined ? figures.get(listingCountKey(viewer, query, filter), count) : count());
  const page = toPage(rows, limit, keyOf(sort), (row) => row, total);
  return { ...page, items: await withLinksAll(db, viewer, page.items) };
}

async function withLinks(db: Db, row: ProductRow | undefined, viewer: Viewer): Promise<Versioned<Product> | undefined> {
  if (!row || (viewer === 'visitor' && !isVisibleRow(row))) return undefined;
  const links = await linksFor(db, viewer, [row.id]);
  const editions = await selectEditions(db, [row.id]);
  const attributes = await attributesFor(db, [row.id]);
  return { item: toProduct(row, links.get(row.id), editions.get(row.id), attributes.get(row.id)), version: row.version };
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
