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
import {
  deleteProductRow,
  insertProduct,
  replaceProductLinks,
  selectAllProducts,
  selectMaxProductOrder,
  selectProductById,
  selectProductBySlug,
  selectProductLinks,
  updateProductRow,
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

// Sorted in JS so both dialects agree (their text collations differ).
function byOrderThenTitle(a: ProductRow, b: ProductRow): number {
  if (a.sort_order !== b.sort_order) return a.sort_order - b.sort_order;
  if (a.title !== b.title) return a.title < b.title ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Every product, sorted by order, then title. */
export async function listProducts(db: Db): Promise<Product[]> {
  const rows = await selectAllProducts(db);
  const links = await selectProductLinks(db);
  return rows.sort(byOrderThenTitle).map((row) => toProduct(row, links.get(row.id)));
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
export async function createProduct(db: Db, input: ProductInput): Promise<Product> {
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
  return (await getProductById(db, id))!;
}

/** Replaces a product's fields and links in one transaction; without an order it keeps its place. Throws 400 / 404 / 409. */
export async function updateProduct(db: Db, id: string, input: ProductInput): Promise<Product> {
  const clean = cleanInput(input);
  await mapSlugConflict(() =>
    inTransaction(db, async (trx) => {
      const changes = { ...clean.columns, ...(clean.order === undefined ? {} : { sort_order: clean.order }), updated_at: nowIso() };
      if (!(await updateProductRow(trx, id, changes))) throw notFound(PRODUCT_NOT_FOUND);
      await assertLinksExist(trx, clean.links);
      await replaceProductLinks(trx, id, clean.links);
    }),
  );
  return (await getProductById(db, id))!;
}

/** Throws 404. */
export async function deleteProduct(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await deleteProductRow(trx, id))) throw notFound(PRODUCT_NOT_FOUND);
  });
}

/** Sets every listed product's order in one transaction; one unknown id changes nothing (404). */
export async function reorderProducts(db: Db, items: ReorderItem[]): Promise<Product[]> {
  await applyOrder(db, 'products', items, () => notFound(PRODUCT_NOT_FOUND));
  return listProducts(db);
}
