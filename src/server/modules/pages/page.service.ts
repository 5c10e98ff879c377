import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { PageRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { nowIso, parseJson } from '../../db/json';
import { badField, conflict, notFound } from '../../http/errors';
import { editConflict, type Versioned } from '../../http/etag';
import { BlockAnswerSchema, PageInputSchema, type Block, type PageInput, type PageInputData, type SitePage } from '../../../shared/schemas/page';
import type { Writer } from '../../content/changes';
import { write } from '../../content/write';
import { isVisibleRow, publishColumns, publishState, visibilityFor } from '../../content/visibility';
import type { Viewer } from '../../content/viewer';
import { DEFAULT_PAGE_LIMIT, type CategoryListQuery, type Page } from '../../../shared/schemas/list';
import { toPage } from '../../db/paging';
import { decodeCursor } from '../../http/cursor';
import { cleanBlocks } from './page-blocks';
import { countPages, deletePageRow, insertPage, pageKey, selectPageById, selectPageBySlug, selectPages, updatePageRow, type PageKey } from './page.repository';

export const PAGE_NOT_FOUND = 'Page not found';
const SLUG_TAKEN = 'A page with this slug already exists';

/** Stored blocks that no longer pass today's answer shape are left out rather than failing the whole page. */
const readBlocks = (text: string): Block[] =>
  parseJson<unknown[]>(text, []).flatMap((block) => {
    const parsed = BlockAnswerSchema.safeParse(block);
    return parsed.success ? [parsed.data] : [];
  });

export function toPageAnswer(row: PageRow): SitePage {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    shareImage: row.share_image,
    blocks: readBlocks(row.blocks),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    seoTitle: row.seo_title ?? null,
    seoDescription: row.seo_description ?? null,
    ...publishState(row),
  };
}

/** The stored columns of a checked input (also used by a restore from a backup). */
export function pageColumns(data: PageInputData) {
  return {
    slug: data.slug,
    title: data.title,
    share_image: data.shareImage,
    blocks: JSON.stringify(cleanBlocks(data.blocks)),
    seo_title: data.seoTitle,
    seo_description: data.seoDescription,
  };
}

const PageCursor = z.tuple([z.string(), z.string()]);

export async function listPages(db: Db, viewer: Viewer, status?: CategoryListQuery['status']): Promise<SitePage[]> {
  return (await selectPages(db, visibilityFor(viewer, status))).map(toPageAnswer);
}

export async function pagePages(db: Db, viewer: Viewer, query: CategoryListQuery): Promise<Page<SitePage>> {
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  const after: PageKey | undefined = query.cursor === undefined ? undefined : decodeCursor(query.cursor, PageCursor);
  const visibility = visibilityFor(viewer, query.status);
  const rows = await selectPages(db, visibility, { limit: limit + 1, after });
  return toPage(rows, limit, pageKey, toPageAnswer, await countPages(db, visibility));
}

const seenBy = (row: PageRow | undefined, viewer: Viewer) => (row && (viewer === 'admin' || isVisibleRow(row)) ? row : undefined);

export async function getPageVersioned(db: Db, viewer: Viewer, id: string): Promise<Versioned<SitePage> | undefined> {
  const row = seenBy(await selectPageById(db, id), viewer);
  return row && { item: toPageAnswer(row), version: row.version };
}

export async function getPageById(db: Db, viewer: Viewer, id: string): Promise<SitePage | undefined> {
  return (await getPageVersioned(db, viewer, id))?.item;
}

export async function getPageBySlug(db: Db, viewer: Viewer, slug: string): Promise<SitePage | undefined> {
  const row = seenBy(await selectPageBySlug(db, slug), viewer);
  return row && toPageAnswer(row);
}

function publishing(data: PageInputData, current: PageRow | undefined) {
  const columns = publishColumns(data, current);
  if ('error' in columns) throw badField(columns.error);
  return columns;
}

async function mapSlugConflict<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN, 'slug');
    throw error;
  }
}

/** Creates a page; without a status it is published. Throws 400 / 409. */
export async function createPage(writer: Writer, input: PageInput): Promise<SitePage> {
  const data = PageInputSchema.parse(input);
  const status = publishing(data, undefined);
  const id = randomUUID();
  const now = nowIso();
  return mapSlugConflict(() =>
    write(writer, { type: 'page', action: 'create', id }, async (trx) => {
      await insertPage(trx, { id, ...pageColumns(data), ...status, version: 1, created_at: now, updated_at: now });
      const page = (await getPageById(trx, 'admin', id))!;
      return { result: page, before: null, after: page };
    }),
  );
}

/** Replaces a page's fields and blocks; without a status it keeps its status. With `ifVersion` an older save is refused (409). */
export async function updatePage(writer: Writer, id: string, input: PageInput, ifVersion?: number): Promise<Versioned<SitePage>> {
  const data = PageInputSchema.parse(input);
  return mapSlugConflict(() =>
    write(writer, { type: 'page', action: 'update', id }, async (trx) => {
      const current = await selectPageById(trx, id);
      if (!current) throw notFound(PAGE_NOT_FOUND);
      if (ifVersion !== undefined && current.version !== ifVersion) throw editConflict('page');
      const changes = { ...pageColumns(data), ...publishing(data, current), updated_at: nowIso() };
      if (!(await updatePageRow(trx, id, changes, ifVersion))) throw editConflict('page');
      const after = (await getPageVersioned(trx, 'admin', id))!;
      return { result: after, before: toPageAnswer(current), after: after.item };
    }),
  );
}

export async function deletePage(writer: Writer, id: string): Promise<void> {
  await write(writer, { type: 'page', action: 'delete', id }, async (trx) => {
    const before = await getPageById(trx, 'admin', id);
    if (!before || !(await deletePageRow(trx, id))) throw notFound(PAGE_NOT_FOUND);
    return { result: undefined, before, after: null };
  });
}
