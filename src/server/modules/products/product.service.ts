import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { ProductRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { nowIso, parseJson } from '../../db/json';
import { badRequest, conflict, notFound } from '../../http/errors';
import { GalleryItemSchema, ProductInputSchema, type GalleryItem, type Product, type ProductInput } from '../../../shared/schemas/product';
import type { ReorderItem } from '../../../shared/schemas/category';
import { isBlankHtml, sanitizeRichHtml } from '../../content/sanitize-html';
import { selectExistingCategoryIds } from '../categories/category.repository';
import { selectExistingTagIds } from '../tags/tag.repository';
import { readHeroConfig } from '../site/hero-config';
import { inTransaction } from '../../db/transaction';
import { applyOrder, lockListOrder } from '../../db/ordering';
import { recordChange, type Writer } from '../../content/changes';
import type { Page } from '../../../shared/schemas/list';
import { DEFAULT_PAGE_LIMIT } from '../../../shared/schemas/list';
import { decodeCursor, toPage } from '../../db/paging';
import { selectCategoryBySlug } from '../categories/category.repository';
import { selectTagIdsBySlugs } from '../tags/tag.repository';
import { z } from 'zod';
import {
  countProducts,
  deleteProductRow,
  insertProduct,
  productKey,
  replaceProductLinks,
  selectMaxProductOrder,
  selectProducts,
  selectProductById,
  selectProductBySlug,
  selectProductLinks,
  selectProductOrder,
  updateProductRow,
  type ProductFilter,
  type ProductKey,
  type ProductLinks,
} from './product.repository';

export const PRODUCT_NOT_FOUND = 'Product not found';
const SLUG_TAKEN = 'A product with this slug already exists';

function readGallery(text: string): GalleryItem[] {
  const stored = parseJson<unknown>(text, []);
  if (!Array.isArray(stored)) return [];
  return stored
    .map((item) => GalleryItemSchema.safeParse(item))
    .flatMap((result) => (result.success ? [result.data] : []))
    .sort((a, b) => a.order - b.order);
}

function toProduct(row: ProductRow, links: ProductLinks | undefined): Product {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    duration: row.duration,
    mainImage: row.main_image,
    buyLink: row.buy_link,
    categories: links?.categories ?? [],
    tags: links?.tags ?? [],
    description: row.description,
    introVideo: row.intro_video,
    heroConfig: readHeroConfig(row.hero_config),
    gallery: readGallery(row.gallery),
    darkMode: row.dark_mode === 1,
    order: row.sort_order,
  };
}

/** The filters of a product list, by slug; without `limit`, `cursor` or `offset` the whole list. */
export type ProductQuery = { category?: string | undefined; tag?: string[] | undefined; q?: string | undefined };

/** Slugs to ids; null when a slug names nothing, so the list is empty rather than an error. */
async function resolveFilter(db: Db, query: ProductQuery): Promise<ProductFilter | null> {
  let categoryId: string | undefined;
  if (query.category !== undefined) {
    const category = await selectCategoryBySlug(db, query.category);
    if (!category) return null;
    categoryId = category.id;
  }
  const tagSlugs = [...new Set(query.tag ?? [])];
  const tagIds = await selectTagIdsBySlugs(db, tagSlugs);
  if (tagIds.length < tagSlugs.length) return null;
  return { categoryId, tagIds, titleContains: query.q };
}

async function withLinksAll(db: Db, rows: ProductRow[]): Promise<Product[]> {
  const links = await selectProductLinks(db, rows.map((row) => row.id));
  return rows.map((row) => toProduct(row, links.get(row.id)));
}

/** Every product matching the filters, in list order (order, then title, then id). */
export async function listProducts(db: Db, query: ProductQuery = {}): Promise<Product[]> {
  const filter = await resolveFilter(db, query);
  if (!filter) return [];
  const rows = await selectProducts(db, filter);
  // With no filter every link is wanted: one scan instead of a 10,000-id IN list.
  const links = await selectProductLinks(db, filter.categoryId || filter.tagIds.length || filter.titleContains ? rows.map((row) => row.id) : undefined);
  return rows.map((row) => toProduct(row, links.get(row.id)));
}

const ProductCursor = z.tuple([z.number().int(), z.string(), z.string()]);

/**
 * One page of the filtered list: after `cursor` (the API), or from `offset`
 * (a numbered page of the site). Either way `nextCursor` continues after it.
 */
export async function pageProducts(
  db: Db,
  query: ProductQuery & { limit?: number | undefined; cursor?: string | undefined; offset?: number },
): Promise<Page<Product>> {
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  const after: ProductKey | undefined = query.cursor === undefined ? undefined : decodeCursor(query.cursor, ProductCursor);
  const filter = await resolveFilter(db, query);
  if (!filter) return { items: [], nextCursor: null, total: 0 };
  const rows = await selectProducts(db, filter, { limit: limit + 1, after, offset: query.offset });
  const total = await countProducts(db, filter);
  const page = toPage(rows, limit, productKey, (row) => row, total);
  return { ...page, items: await withLinksAll(db, page.items) };
}

async function withLinks(db: Db, row: ProductRow | undefined): Promise<Product | undefined> {
  if (!row) return undefined;
  const links = await selectProductLinks(db, [row.id]);
  return toProduct(row, links.get(row.id));
}

export async function getProductById(db: Db, id: string): Promise<Product | undefined> {
  return withLinks(db, await selectProductById(db, id));
}

export async function getProductBySlug(db: Db, slug: string): Promise<Product | undefined> {
  return withLinks(db, await selectProductBySlug(db, slug));
}

type CleanProduct = { columns: Omit<ProductRow, 'id' | 'sort_order' | 'created_at' | 'updated_at'>; links: ProductLinks; order: number | undefined };

/** Validates, sanitises the description and drops repeated ids (the link tables allow each pair once). */
function cleanInput(input: ProductInput): CleanProduct {
  const data = ProductInputSchema.parse(input);
  const description = sanitizeRichHtml(data.description);
  // Markup that was all script or event handlers leaves nothing to show.
  if (isBlankHtml(description)) throw badRequest('description: is required');
  const gallery = [...data.gallery].sort((a, b) => a.order - b.order);
  return {
    columns: {
      slug: data.slug,
      title: data.title,
      duration: data.duration,
      main_image: data.mainImage,
      buy_link: data.buyLink,
      description,
      intro_video: data.introVideo,
      hero_config: JSON.stringify(data.heroConfig),
      gallery: JSON.stringify(gallery),
      dark_mode: data.darkMode ? 1 : 0,
    },
    links: { categories: [...new Set(data.categories)], tags: [...new Set(data.tags)] },
    order: data.order,
  };
}

async function assertLinksExist(db: Db, links: ProductLinks): Promise<void> {
  const categories = await selectExistingCategoryIds(db, links.categories);
  const unknownCategory = links.categories.find((id) => !categories.has(id));
  if (unknownCategory !== undefined) throw badRequest(`categories: unknown category id ${unknownCategory}`);
  const tags = await selectExistingTagIds(db, links.tags);
  const unknownTag = links.tags.find((id) => !tags.has(id));
  if (unknownTag !== undefined) throw badRequest(`tags: unknown tag id ${unknownTag}`);
}

async function mapSlugConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // Ids are generated and links deduplicated, so a unique violation can only be the slug.
    if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN);
    throw error;
  }
}

/** The position after the last product, read under the order lock so concurrent creates get distinct ones. */
async function nextProductOrder(trx: Db): Promise<number> {
  await lockListOrder(trx, 'products');
  return (await selectMaxProductOrder(trx)) + 1;
}

/** Creates a product with its links in one transaction; without an order it goes last. Throws 400 / 409. */
export async function createProduct(writer: Writer, input: ProductInput): Promise<Product> {
  const { db } = writer;
  const clean = cleanInput(input);
  const id = randomUUID();
  const now = nowIso();
  await mapSlugConflict(() =>
    inTransaction(db, async (trx) => {
      await assertLinksExist(trx, clean.links);
      const order = clean.order ?? (await nextProductOrder(trx));
      await insertProduct(trx, { id, ...clean.columns, sort_order: order, created_at: now, updated_at: now });
      await replaceProductLinks(trx, id, clean.links);
    }),
  );
  const product = (await getProductById(db, id))!;
  recordChange(writer, { entity: 'product', action: 'create', id, before: null, after: product });
  return product;
}

/** Replaces a product's fields and links in one transaction; without an order it keeps its place. Throws 400 / 404 / 409. */
export async function updateProduct(writer: Writer, id: string, input: ProductInput): Promise<Product> {
  const { db } = writer;
  const clean = cleanInput(input);
  const before = await getProductById(db, id);
  await mapSlugConflict(() =>
    inTransaction(db, async (trx) => {
      const changes = { ...clean.columns, ...(clean.order === undefined ? {} : { sort_order: clean.order }), updated_at: nowIso() };
      if (!(await updateProductRow(trx, id, changes))) throw notFound(PRODUCT_NOT_FOUND);
      await assertLinksExist(trx, clean.links);
      await replaceProductLinks(trx, id, clean.links);
    }),
  );
  const product = (await getProductById(db, id))!;
  recordChange(writer, { entity: 'product', action: 'update', id, before: before ?? null, after: product });
  return product;
}

/** Throws 404. */
export async function deleteProduct(writer: Writer, id: string): Promise<void> {
  const before = await getProductById(writer.db, id);
  await inTransaction(writer.db, async (trx) => {
    if (!(await deleteProductRow(trx, id))) throw notFound(PRODUCT_NOT_FOUND);
  });
  recordChange(writer, { entity: 'product', action: 'delete', id, before: before ?? null, after: null });
}

/**
 * Moves one product to `position` (0-based, clamped to the end) and renumbers
 * the list 0..n-1, in one transaction. Only rows whose number changes are
 * written, so once the list is numbered densely a move costs the rows it passes.
 */
export async function moveProduct(writer: Writer, id: string, position: number): Promise<{ id: string; order: number }> {
  const now = nowIso();
  const moved = await inTransaction(writer.db, async (trx) => {
    // Under the list's order lock, like reorders and creates: positions stay unique.
    await lockListOrder(trx, 'products');
    const rows = await selectProductOrder(trx);
    const from = rows.findIndex((row) => row.id === id);
    if (from === -1) throw notFound(PRODUCT_NOT_FOUND);
    const to = Math.min(position, rows.length - 1);
    const [moved] = rows.splice(from, 1);
    rows.splice(to, 0, moved!);
    for (const [order, row] of rows.entries()) {
      if (row.sort_order !== order) await updateProductRow(trx, row.id, { sort_order: order, updated_at: now });
    }
    return { id, order: to };
  });
  recordChange(writer, { entity: 'product', action: 'reorder', id, before: null, after: moved });
  return moved;
}

/** Sets every listed product's order in one transaction; one unknown id changes nothing (404). */
export async function reorderProducts(writer: Writer, items: ReorderItem[]): Promise<Product[]> {
  await applyOrder(writer.db, 'products', items, () => notFound(PRODUCT_NOT_FOUND));
  recordChange(writer, { entity: 'product', action: 'reorder', id: null, before: null, after: items });
  return listProducts(writer.db);
}
