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
import {
  deleteCategoryRow,
  insertCategory,
  selectAllCategories,
  selectCategoryById,
  selectCategoryBySlug,
  selectMaxCategoryOrder,
  updateCategoryRow,
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

// Sorted in JS so both dialects agree (their text collations differ).
function byOrderThenTitle(a: CategoryRow, b: CategoryRow): number {
  if (a.sort_order !== b.sort_order) return a.sort_order - b.sort_order;
  if (a.title !== b.title) return a.title < b.title ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Every category, sorted by order, then title. */
export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await selectAllCategories(db);
  return rows.sort(byOrderThenTitle).map(toCategory);
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
export async function createCategory(db: Db, input: CategoryInput): Promise<Category> {
  const data = CategoryInputSchema.parse(input);
  const id = randomUUID();
  const now = nowIso();
  await mapSlugConflict(() =>
    inTransaction(db, async (trx) => {
      const order = data.order ?? (await nextCategoryOrder(trx));
      await insertCategory(trx, { id, ...contentColumns(data), sort_order: order, created_at: now, updated_at: now });
    }),
  );
  return (await getCategoryById(db, id))!;
}

/** Replaces a category's fields; without an order it keeps its place. Throws 404 / 409. */
export async function updateCategory(db: Db, id: string, input: CategoryInput): Promise<Category> {
  const data = CategoryInputSchema.parse(input);
  const updated = await mapSlugConflict(() =>
    updateCategoryRow(db, id, {
      ...contentColumns(data),
      ...(data.order === undefined ? {} : { sort_order: data.order }),
      updated_at: nowIso(),
    }),
  );
  if (!updated) throw notFound(CATEGORY_NOT_FOUND);
  return (await getCategoryById(db, id))!;
}

/** Deletes a category and removes it from every product, in one transaction. Throws 404. */
export async function deleteCategory(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await deleteCategoryRow(trx, id))) throw notFound(CATEGORY_NOT_FOUND);
  });
}

/** Sets every listed category's order in one transaction; one unknown id changes nothing (404). */
export async function reorderCategories(db: Db, items: ReorderItem[]): Promise<Category[]> {
  await applyOrder(db, 'categories', items, () => notFound(CATEGORY_NOT_FOUND));
  return listCategories(db);
}
