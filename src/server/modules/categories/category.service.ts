import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { CategoryRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { nowIso } from '../../db/json';
import { conflict, notFound } from '../../http/errors';
import { CategoryInputSchema, type Category, type CategoryInput, type ReorderItem } from '../../../shared/schemas/category';
import { readHeroConfig } from '../site/hero-config';
import { inTransaction } from '../../db/transaction';
import { applyOrder, lockListOrder } from '../../db/ordering';
import { recordChange, type Writer } from '../../content/changes';
import { z } from 'zod';
import { DEFAULT_PAGE_LIMIT, type Page, type PageQuery } from '../../../shared/schemas/list';
import { decodeCursor, toPage } from '../../db/paging';
import {
  categoryKey,
  countCategories,
  deleteCategoryRow,
  insertCategory,
  selectCategories,
  selectCategoryById,
  selectCategoryBySlug,
  selectMaxCategoryOrder,
  updateCategoryRow,
  type CategoryKey,
} from './category.repository';

export const CATEGORY_NOT_FOUND = 'Category not found';
const SLUG_TAKEN = 'A category with this slug already exists';

function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    order: row.sort_order,
    tileImage: row.tile_image,
    tileVideo: row.tile_video,
    hoverImage: row.hover_image,
    emptyImage: row.empty_image,
    itemsPerRow: row.items_per_row,
    heroConfig: readHeroConfig(row.hero_config),
  };
}

/** Every category, in list order (order, then title, then id). */
export async function listCategories(db: Db): Promise<Category[]> {
  return (await selectCategories(db)).map(toCategory);
}

const CategoryCursor = z.tuple([z.number().int(), z.string(), z.string()]);

export async function pageCategories(db: Db, query: PageQuery): Promise<Page<Category>> {
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  const after: CategoryKey | undefined = query.cursor === undefined ? undefined : decodeCursor(query.cursor, CategoryCursor);
  const rows = await selectCategories(db, { limit: limit + 1, after });
  return toPage(rows, limit, categoryKey, toCategory, await countCategories(db));
}

export async function getCategoryById(db: Db, id: string): Promise<Category | undefined> {
  const row = await selectCategoryById(db, id);
  return row && toCategory(row);
}

export async function getCategoryBySlug(db: Db, slug: string): Promise<Category | undefined> {
  const row = await selectCategoryBySlug(db, slug);
  return row && toCategory(row);
}

function contentColumns(input: ReturnType<typeof CategoryInputSchema.parse>) {
  return {
    slug: input.slug,
    title: input.title,
    description: input.description,
    tile_image: input.tileImage,
    tile_video: input.tileVideo,
    hover_image: input.hoverImage,
    empty_image: input.emptyImage,
    items_per_row: input.itemsPerRow,
    hero_config: JSON.stringify(input.heroConfig),
  };
}

async function mapSlugConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // The slug is the only unique column besides the generated id.
    if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN);
    throw error;
  }
}

/** The position after the last category, read under the order lock so concurrent creates get distinct ones. */
async function nextCategoryOrder(trx: Db): Promise<number> {
  await lockListOrder(trx, 'categories');
  return (await selectMaxCategoryOrder(trx)) + 1;
}

/** Creates a category; without an order it goes after the last one. Throws 409 on a taken slug. */
export async function createCategory(writer: Writer, input: CategoryInput): Promise<Category> {
  const { db } = writer;
  const data = CategoryInputSchema.parse(input);
  const id = randomUUID();
  const now = nowIso();
  await mapSlugConflict(() =>
    inTransaction(db, async (trx) => {
      const order = data.order ?? (await nextCategoryOrder(trx));
      await insertCategory(trx, { id, ...contentColumns(data), sort_order: order, created_at: now, updated_at: now });
    }),
  );
  const category = (await getCategoryById(db, id))!;
  recordChange(writer, { entity: 'category', action: 'create', id, before: null, after: category });
  return category;
}

/** Replaces a category's fields; without an order it keeps its place. Throws 404 / 409. */
export async function updateCategory(writer: Writer, id: string, input: CategoryInput): Promise<Category> {
  const { db } = writer;
  const data = CategoryInputSchema.parse(input);
  const before = await getCategoryById(db, id);
  const updated = await mapSlugConflict(() =>
    updateCategoryRow(db, id, {
      ...contentColumns(data),
      ...(data.order === undefined ? {} : { sort_order: data.order }),
      updated_at: nowIso(),
    }),
  );
  if (!updated) throw notFound(CATEGORY_NOT_FOUND);
  const category = (await getCategoryById(db, id))!;
  recordChange(writer, { entity: 'category', action: 'update', id, before: before ?? null, after: category });
  return category;
}

/** Deletes a category and removes it from every product, in one transaction. Throws 404. */
export async function deleteCategory(writer: Writer, id: string): Promise<void> {
  const before = await getCategoryById(writer.db, id);
  await inTransaction(writer.db, async (trx) => {
    if (!(await deleteCategoryRow(trx, id))) throw notFound(CATEGORY_NOT_FOUND);
  });
  recordChange(writer, { entity: 'category', action: 'delete', id, before: before ?? null, after: null });
}

/** Sets every listed category's order in one transaction; one unknown id changes nothing (404). */
export async function reorderCategories(writer: Writer, items: ReorderItem[]): Promise<Category[]> {
  await applyOrder(writer.db, 'categories', items, () => notFound(CATEGORY_NOT_FOUND));
  recordChange(writer, { entity: 'category', action: 'reorder', id: null, before: null, after: items });
  return listCategories(writer.db);
}
