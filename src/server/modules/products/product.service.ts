import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { ProductRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { nowIso } from '../../db/json';
import { badField, conflict, notFound } from '../../http/errors';
import { editConflict, type Versioned } from '../../http/etag';
import { ProductInputSchema, type Product, type ProductInput } from '../../../shared/schemas/product';
import type { ReorderItem } from '../../../shared/schemas/category';
import { priceProblem, toMinorUnits } from '../../../shared/price';
import { isBlankHtml, sanitizeRichHtml } from '../../content/sanitize-html';
import { publishColumns } from '../../content/visibility';
import { selectExistingCategoryIds } from '../categories/category.repository';
import { selectExistingTagIds } from '../tags/tag.repository';
import { applyOrder, lockListOrder } from '../../content/ordering';
import type { Writer } from '../../content/changes';
import { write } from '../../content/write';
import { getProductById, getProductVersioned } from './product.reads';
import {
  deleteProductRow,
  insertProduct,
  replaceProductLinks,
  selectMaxProductOrder,
  selectProductById,
  selectProductOrder,
  updateProductRow,
  setProductPosition,
  type ProductLinks,
} from './product.repository';
import { deleteEditions, replaceEditions, selectEditions } from './edition.repository';
import { checkEditions, defaultEditionColumns, editionRows, editionsOf, resolveEditions } from './editions';

export { getProductById, getProductBySlug, getProductVersioned, getProductsByIds, listProducts, pageProducts, type ProductQuery } from './product.reads';

export const PRODUCT_NOT_FOUND = 'Product not found';
const SLUG_TAKEN = 'A product with this slug already exists';
const NO_PRICE = { price_minor: null, currency: null };

type CleanProduct = {
  columns: Omit<ProductRow, 'id' | 'sort_order' | 'created_at' | 'updated_at' | 'status' | 'publish_at' | 'version' | 'price_minor' | 'currency'>;
  /** Undefined when the input has no price: an edit keeps the stored one, a create stores none. */
  price: Pick<ProductRow, 'price_minor' | 'currency'> | undefined;
  links: ProductLinks;
  order: number | undefined;
  data: ReturnType<typeof ProductInputSchema.parse>;
};

/** Validates, sanitises the description and drops repeated ids (the link tables allow each pair once); a restore checks rows with it too. */
export function cleanInput(input: ProductInput): CleanProduct {
  const data = ProductInputSchema.parse(input);
  const description = sanitizeRichHtml(data.description);
  // Markup that was all script or event handlers leaves nothing to show.
  if (isBlankHtml(description)) throw badField('description: is required');
  const gallery = [...data.gallery].sort((a, b) => a.order - b.order);
  const problem = priceProblem(data.price, data.currency);
  if (problem) throw badField(`${problem.field}: ${problem.message}`);
  return {
    columns: {
      slug: data.slug,
      title: data.title,
      duration: data.duration,
      main_image: data.mainImage,
      // The default edition's, set again from the editions by the write (decision 063).
      buy_link: data.buyLink ?? data.editions?.[0]?.buyLink ?? '',
      description,
      intro_video: data.introVideo,
      hero_config: JSON.stringify(data.heroConfig),
      gallery: JSON.stringify(gallery),
      dark_mode: data.darkMode ? 1 : 0,
      seo_title: data.seoTitle,
      seo_description: data.seoDescription,
    },
    price: priceColumns(data.price, data.currency),
    links: { categories: [...new Set(data.categories)], tags: [...new Set(data.tags)] },
    order: data.order,
    data,
  };
}

/** The stored pair; checked by priceProblem first, so a price has its currency. */
function priceColumns(price: number | null | undefined, currency: string | null | undefined): CleanProduct['price'] {
  if (price === undefined) return undefined;
  if (price === null || !currency) return { price_minor: null, currency: null };
  return { price_minor: toMinorUnits(price, currency), currency };
}

function publishing(data: CleanProduct['data'], current: ProductRow | undefined) {
  const columns = publishColumns(data, current);
  if ('error' in columns) throw badField(columns.error);
  return columns;
}

async function assertLinksExist(db: Db, links: ProductLinks): Promise<void> {
  const categories = await selectExistingCategoryIds(db, links.categories);
  const unknownCategory = links.categories.find((id) => !categories.has(id));
  if (unknownCategory !== undefined) throw badField(`categories: unknown category id ${unknownCategory}`);
  const tags = await selectExistingTagIds(db, links.tags);
  const unknownTag = links.tags.find((id) => !tags.has(id));
  if (unknownTag !== undefined) throw badField(`tags: unknown tag id ${unknownTag}`);
}

async function mapSlugConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // Ids are generated and links deduplicated, so a unique violation can only be the slug.
    if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN, 'slug');
    throw error;
  }
}

/** The position after the last product, read under the order lock so concurrent creates get distinct ones. */
async function nextProductOrder(trx: Db): Promise<number> {
  await lockListOrder(trx, 'products');
  return (await selectMaxProductOrder(trx)) + 1;
}

/** Creates a product with its links in one write (content/write.ts); without an order it goes last. Throws 400 / 409. */
export async function createProduct(writer: Writer, input: ProductInput): Promise<Product> {
  const clean = cleanInput(input);
  const status = publishing(clean.data, undefined);
  const id = randomUUID();
  const drafts = resolveEditions(clean.data, undefined);
  checkEditions(drafts);
  const editions = editionRows(id, drafts, new Set());
  const now = nowIso();
  return mapSlugConflict(() =>
    write(writer, { type: 'product', action: 'create', id }, async (trx) => {
      await assertLinksExist(trx, clean.links);
      const order = clean.order ?? (await nextProductOrder(trx));
      await insertProduct(trx, { id, ...clean.columns, ...(clean.price ?? NO_PRICE), ...defaultEditionColumns(editions), ...status, version: 1, sort_order: order, created_at: now, updated_at: now });
      await replaceProductLinks(trx, id, clean.links);
      await replaceEditions(trx, id, editions);
      const product = (await getProductById(trx, 'admin', id))!;
      return { result: product, before: null, after: product };
    }),
  );
}

/**
 * Replaces a product's fields and links in one write; without an order
 * it keeps its place, without a status its status. With `ifVersion`
 * (If-Match) a save made from an older version is refused (409). Throws 400 / 404 / 409.
 */
export async function updateProduct(writer: Writer, id: string, input: ProductInput, ifVersion?: number): Promise<Versioned<Product>> {
  const clean = cleanInput(input);
  return mapSlugConflict(() =>
    write(writer, { type: 'product', action: 'update', id }, async (trx) => {
      const current = await selectProductById(trx, id);
      if (!current) throw notFound(PRODUCT_NOT_FOUND);
      if (ifVersion !== undefined && current.version !== ifVersion) throw editConflict('product');
      const before = await getProductById(trx, 'admin', id);
      const stored = editionsOf(current, (await selectEditions(trx, [id])).get(id));
      const drafts = resolveEditions(clean.data, stored);
      checkEditions(drafts);
      const editions = editionRows(id, drafts, new Set(stored.map((edition) => edition.id)));
      const changes = {
        ...clean.columns,
        ...clean.price,
        ...defaultEditionColumns(editions),
        ...publishing(clean.data, current),
        ...(clean.order === undefined ? {} : { sort_order: clean.order }),
        updated_at: nowIso(),
      };
      // Compared again in the write: another copy's save may land between the read and here.
      if (!(await updateProductRow(trx, id, changes, ifVersion))) throw editConflict('product');
      await assertLinksExist(trx, clean.links);
      await replaceProductLinks(trx, id, clean.links);
      await replaceEditions(trx, id, editions);
      const after = (await getProductVersioned(trx, 'admin', id))!;
      return { result: after, before: before ?? null, after: after.item };
    }),
  );
}

/** Throws 404. */
export async function deleteProduct(writer: Writer, id: string): Promise<void> {
  await write(writer, { type: 'product', action: 'delete', id }, async (trx) => {
    const before = await getProductById(trx, 'admin', id);
    if (!before) throw notFound(PRODUCT_NOT_FOUND);
    await deleteEditions(trx, id);
    if (!(await deleteProductRow(trx, id))) throw notFound(PRODUCT_NOT_FOUND);
    return { result: undefined, before, after: null };
  });
}

/**
 * Moves one product to `position` (0-based, clamped to the end) and renumbers
 * the list 0..n-1, in one write. Only rows whose number changes are
 * written, so once the list is numbered densely a move costs the rows it passes.
 */
export async function moveProduct(writer: Writer, id: string, position: number): Promise<{ id: string; order: number }> {
  const now = nowIso();
  return write(writer, { type: 'product', action: 'reorder', id }, async (trx) => {
    // Under the list's order lock, like reorders and creates: positions stay unique.
    await lockListOrder(trx, 'products');
    const rows = await selectProductOrder(trx);
    const from = rows.findIndex((row) => row.id === id);
    if (from === -1) throw notFound(PRODUCT_NOT_FOUND);
    const to = Math.min(position, rows.length - 1);
    const [moved] = rows.splice(from, 1);
    rows.splice(to, 0, moved!);
    for (const [order, row] of rows.entries()) {
      if (row.sort_order !== order) await setProductPosition(trx, row.id, order, now);
    }
    return { result: { id, order: to }, before: null, after: { id, order: to } };
  });
}

/** Sets every listed product's order in one write; one unknown id changes nothing (404). */
/** Answers the positions it saved: what the request named, not the whole catalogue (decision 009). */
export async function reorderProducts(writer: Writer, items: ReorderItem[]): Promise<ReorderItem[]> {
  return write(writer, { type: 'product', action: 'reorder', id: null }, async (trx) => {
    await applyOrder(trx, 'products', items, () => notFound(PRODUCT_NOT_FOUND));
    const saved = items.map(({ id, order }) => ({ id, order }));
    return { result: saved, before: null, after: items };
  });
}
