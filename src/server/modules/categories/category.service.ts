import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { CategoryRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { nowIso } from '../../db/json';
import { badField, conflict, notFound } from '../../http/errors';
import { editConflict, type Versioned } from '../../http/etag';
import { CategoryInputSchema, type Category, type CategoryInput, type ReorderItem } from '../../../shared/schemas/category';
import { readHeroConfig } from '../site/hero-config';
import { applyOrder, lockListOrder } from '../../content/ordering';
import type { Writer } from '../../content/changes';
import { write } from '../../content/write';
import { isVisibleRow, publishColumns, publishState, visibilityFor, type Visibility } from '../../content/visibility';
import type { Viewer } from '../../content/viewer';
import { z } from 'zod';
import { DEFAULT_PAGE_LIMIT, type CategoryListQuery, type Page } from '../../../shared/schemas/list';
import { toPage } from '../../db/paging';
import { decodeCursor } from '../../http/cursor';
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
    seoTitle: row.seo_title ?? null,
    seoDescription: row.seo_description ?? null,
    ...publishState(row),
  };
}

/** Every category the viewer may see (an admin may narrow by status), in list order (order, then title, then id). */
export async function listCategories(db: Db, viewer: Viewer, status?: CategoryListQuery['status']): Promise<Category[]> {
  return (await selectCategories(db, visibilityFor(viewer, status))).map(toCategory);
}

const CategoryCursor = z.tuple([z.number().int(), z.string(), z.string()]);

export async function pageCategories(db: Db, viewer: Viewer, query: CategoryListQuery): Promise<Page<Category>> {
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  const after: CategoryKey | undefined = query.cursor === undefined ? undefined : decodeCursor(query.cursor, CategoryCursor);
  const visibility: Visibility = visibilityFor(viewer, query.status);
  const rows = await selectCategories(db, visibility, { limit: limit + 1, after });
  return toPage(rows, limit, categoryKey, toCategory, await countCategories(db, visibility));
}

const seenBy = (row: CategoryRow | undefined, viewer: Viewer) => (row && (viewer === 'admin' || isVisibleRow(row)) ? row : undefined);

export async function getCategoryVersioned(db: Db, viewer: Viewer, id: string): Promise<Versioned<Category> | undefined> {
  const row = seenBy(await selectCategoryById(db, id), viewer);
  return row && { item: toCategory(row), version: row.version };
}

export async function getCategoryById(db: Db, viewer: Viewer, id: string): Promise<Category | undefined> {
  return (await getCategoryVersioned(db, viewer, id))?.item;
}

export async function getCategoryBySlug(db: Db, viewer: Viewer, slug: string): Promise<Category | undefined> {
  const row = seenBy(await selectCategoryBySlug(db, slug), viewer);
  return row && toCategory(row);
}

/** The id of the category with that slug if the viewer may see it: products are listed under visible categories only. */
export async function visibleCategoryId(db: Db, viewer: Viewer, slug: string): Promise<string | undefined> {
  return seenBy(await selectCategoryBySlug(db, slug), viewer)?.id;
}

export function contentColumns(input: ReturnType<typeof CategoryInputSchema.parse>) {
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
    seo_title: input.seoTitle,
    seo_description: input.seoDescription,
  };
}

function publishing(data: CategoryInput, current: CategoryRow | undefined) {
  const columns = publishColumns(data, current);
  if ('error' in columns) throw badField(columns.error);
  return columns;
}

async function mapSlugConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // The slug is the only unique column besides the generated id.
    if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN, 'slug');
    throw error;
  }
}

/** The position after the last category, read under the order lock so concurrent creates get distinct ones. */
async function nextCategoryOrder(trx: Db): Promise<number> {
  await lockListOrder(trx, 'categories');
  return (await selectMaxCategoryOrder(trx)) + 1;
}

/** Creates a category; without an order it goes after the last one; without a status it is published. Throws 400 / 409. */
export async function createCategory(writer: Writer, input: CategoryInput): Promise<Category> {
  const data = CategoryInputSchema.parse(input);
  const status = publishing(data, undefined);
  const id = randomUUID();
  const now = nowIso();
  return mapSlugConflict(() =>
    write(writer, { type: 'category', action: 'create', id }, async (trx) => {
      const order = data.order ?? (await nextCategoryOrder(trx));
      await insertCategory(trx, { id, ...contentColumns(data), ...status, version: 1, sort_order: order, created_at: now, updated_at: now });
      const category = (await getCategoryById(trx, 'admin', id))!;
      return { result: category, before: null, after: category };
    }),
  );
}

/**
 * Replaces a category's fields; without an order it keeps its place, without
 * a status its status. With `ifVersion` (If-Match) a save made from an older
 * version is refused (409). Throws 400 / 404 / 409.
 */
export async function updateCategory(writer: Writer, id: string, input: CategoryInput, ifVersion?: number): Promise<Versioned<Category>> {
  const data = CategoryInputSchema.parse(input);
  return mapSlugConflict(() =>
    write(writer, { type: 'category', action: 'update', id }, async (trx) => {
      const current = await selectCategoryById(trx, id);
      if (!current) throw notFound(CATEGORY_NOT_FOUND);
      if (ifVersion !== undefined && current.version !== ifVersion) throw editConflict('category');
      const changes = { ...contentColumns(data), ...publishing(data, current), ...(data.order === undefined ? {} : { sort_order: data.order }), updated_at: nowIso() };
      // Compared again in the write itself: another copy's save may land between the read and here.
      if (!(await updateCategoryRow(trx, id, changes, ifVersion))) throw editConflict('category');
      const after = (await getCategoryVersioned(trx, 'admin', id))!;
      return { result: after, before: toCategory(current), after: after.item };
    }),
  );
}

/** Deletes a category and removes it from every product, in one write. Throws 404. */
export async function deleteCategory(writer: Writer, id: string): Promise<void> {
  await write(writer, { type: 'category', action: 'delete', id }, async (trx) => {
    const before = await getCategoryById(trx, 'admin', id);
    if (!before || !(await deleteCategoryRow(trx, id))) throw notFound(CATEGORY_NOT_FOUND);
    return { result: undefined, before, after: null };
  });
}

/** Sets every listed category's order in one write; one unknown id changes nothing (404). */
/** Answers the positions it saved, like reorderProducts. */
export async function reorderCategories(writer: Writer, items: ReorderItem[]): Promise<ReorderItem[]> {
  return write(writer, { type: 'category', action: 'reorder', id: null }, async (trx) => {
    await applyOrder(trx, 'categories', items, () => notFound(CATEGORY_NOT_FOUND));
    return { result: items.map(({ id, order }) => ({ id, order })), before: null, after: items };
  });
}
