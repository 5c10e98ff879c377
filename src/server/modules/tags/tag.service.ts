import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { TagRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { nowIso } from '../../db/json';
import { HttpError, conflict, notFound } from '../../http/errors';
import { TagInputSchema, type Tag, type TagInput } from '../../../shared/schemas/tag';
import type { Writer } from '../../content/changes';
import { write } from '../../content/write';
import { z } from 'zod';
import { slugify } from '../../../shared/slugify';
import { DEFAULT_PAGE_LIMIT, type Page, type TagListQuery } from '../../../shared/schemas/list';
import { toPage } from '../../db/paging';
import { decodeCursor } from '../../http/cursor';
import { visibleCategoryId } from '../categories/category.service';
import { visibilityFor } from '../../content/visibility';
import { getSiteSettings } from '../site/site-settings.service';
import type { Viewer } from '../../content/viewer';
import type { CatalogueFigures } from '../../content/catalogue-figures';
import {
  countTags,
  deleteTagRow,
  insertTag,
  selectSlugsLike,
  selectTagById,
  selectTagsByIds,
  selectTags,
  tagKey,
  updateTagRow,
  type TagKey,
} from './tag.repository';

export const TAG_NOT_FOUND = 'Tag not found';
const TITLE_TAKEN = 'A tag with this title already exists';

const toTag = (row: TagRow): Tag => ({ id: row.id, title: row.title, slug: row.slug });

// Tag titles are unique ignoring case; the unique title_key column enforces it.
export const titleKey = (title: string) => title.trim().toLowerCase();

async function mapTitleConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TITLE_TAKEN, 'title');
    throw error;
  }
}

/** A category filter naming no category (or one the viewer may not see) gives no tags, not an error. */
async function categoryIdOf(db: Db, viewer: Viewer, slug: string | undefined): Promise<string | undefined | null> {
  if (slug === undefined) return undefined;
  return (await visibleCategoryId(db, viewer, slug)) ?? null;
}

/**
 * Every tag (or every tag the viewer's products of `category` carry), sorted
 * by title ignoring case. A category's tags read all its products: with
 * `figures` they are read once per catalogue change.
 */
export async function listTags(db: Db, viewer: Viewer, query: Pick<TagListQuery, 'category'> = {}, figures?: CatalogueFigures): Promise<Tag[]> {
  const categoryId = await categoryIdOf(db, viewer, query.category);
  if (categoryId === null) return [];
  const hideSoldOut = categoryId !== undefined && (await hidesSoldOut(db, viewer));
  const read = async () => (await selectTags(db, categoryId, visibilityFor(viewer), { hideSoldOut })).map(toTag);
  return figures ? figures.get(`tags ${viewer} ${categoryId ?? ''} ${hideSoldOut}`, read) : read();
}

/** A category's tags follow its list: when the owner hides sold-out products, the tags only they carry are not offered (decision 072). */
const hidesSoldOut = async (db: Db, viewer: Viewer) => viewer === 'visitor' && (await getSiteSettings(db)).soldOutProducts === 'hidden';

const TagCursor = z.tuple([z.string(), z.string()]);

export async function pageTags(db: Db, viewer: Viewer, query: TagListQuery): Promise<Page<Tag>> {
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  const after: TagKey | undefined = query.cursor === undefined ? undefined : decodeCursor(query.cursor, TagCursor);
  const categoryId = await categoryIdOf(db, viewer, query.category);
  if (categoryId === null) return { items: [], nextCursor: null, total: 0 };
  const visibility = visibilityFor(viewer);
  const hideSoldOut = categoryId !== undefined && (await hidesSoldOut(db, viewer));
  const rows = await selectTags(db, categoryId, visibility, { limit: limit + 1, after, hideSoldOut });
  return toPage(rows, limit, tagKey, toTag, await countTags(db, categoryId, visibility, hideSoldOut));
}

/**
 * The slug rule of category slugs applied to the title; a taken slug gets the
 * first free `-2`, `-3`… ("C++" and "C" are different tags with one base slug).
 */
async function freeSlug(db: Db, title: string, exceptId?: string): Promise<string> {
  const base = slugify(title) || 'tag';
  const taken = await selectSlugsLike(db, base, exceptId);
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}

/** The tags with these ids, in the order of `ids` (a product's tags in the order they were saved). */
export async function getTagsByIds(db: Db, ids: string[]): Promise<Tag[]> {
  const byId = new Map((await selectTagsByIds(db, ids)).map((row) => [row.id, toTag(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function getTagById(db: Db, id: string): Promise<Tag | undefined> {
  const row = await selectTagById(db, id);
  return row && toTag(row);
}

/** Throws 409 when a tag with the same title (ignoring case) exists. */
export async function createTag(writer: Writer, input: TagInput): Promise<Tag> {
  const { title } = TagInputSchema.parse(input);
  const id = randomUUID();
  const { db } = writer;
  // Two tags created at the same moment may pick the same free slug: the unique index refuses the second, which tries again.
  for (let attempt = 0; ; attempt += 1) {
    const slug = await freeSlug(db, title);
    try {
      return await mapTitleConflict(() =>
        write(writer, { type: 'tag', action: 'create', id }, async (trx) => {
          await insertTag(trx, { id, title, title_key: titleKey(title), slug, created_at: nowIso() });
          const tag = { id, title, slug };
          return { result: tag, before: null, after: tag };
        }),
      );
    } catch (error) {
      // Only a refused insert can be a lost slug race; a busy or unreachable database is not retried here.
      const refused = error instanceof HttpError && error.statusCode === 409;
      if (refused && attempt < 3 && (await slugRaced(db, title))) continue;
      throw error;
    }
  }
}

/** True when a failed write lost a race for a slug rather than hitting a taken title. */
async function slugRaced(db: Db, title: string): Promise<boolean> {
  const sameTitle = await db.selectFrom('tags').select('id').where('title_key', '=', titleKey(title)).executeTakeFirst();
  return sameTitle === undefined;
}

/** Throws 404 / 409. */
export async function updateTag(writer: Writer, id: string, input: TagInput): Promise<Tag> {
  const { title } = TagInputSchema.parse(input);
  return mapTitleConflict(() =>
    write(writer, { type: 'tag', action: 'update', id }, async (trx) => {
      const current = await selectTagById(trx, id);
      if (!current) throw notFound(TAG_NOT_FOUND);
      // The slug follows the title, but a title whose slug would not change keeps it (shared links stay valid).
      const slug = slugify(title) === slugify(current.title) ? current.slug : await freeSlug(trx, title, id);
      if (!(await updateTagRow(trx, id, { title, title_key: titleKey(title), slug }))) throw notFound(TAG_NOT_FOUND);
      const tag = { id, title, slug };
      return { result: tag, before: toTag(current), after: tag };
    }),
  );
}

/** Deletes the tag and removes it from every product, in one write. Throws 404. */
export async function deleteTag(writer: Writer, id: string): Promise<void> {
  await write(writer, { type: 'tag', action: 'delete', id }, async (trx) => {
    const before = await getTagById(trx, id);
    if (!before || !(await deleteTagRow(trx, id))) throw notFound(TAG_NOT_FOUND);
    return { result: undefined, before, after: null };
  });
}
