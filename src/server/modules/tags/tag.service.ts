import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { TagRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { nowIso } from '../../db/json';
import { conflict, notFound } from '../../http/errors';
import { TagInputSchema, type Tag, type TagInput } from '../../../shared/schemas/tag';
import { inTransaction } from '../../db/transaction';
import { recordChange, type Writer } from '../../content/changes';
import { deleteTagRow, insertTag, selectAllTags, selectTagById, updateTagRow } from './tag.repository';

export const TAG_NOT_FOUND = 'Tag not found';
const TITLE_TAKEN = 'A tag with this title already exists';

const toTag = (row: TagRow): Tag => ({ id: row.id, title: row.title });

// Tag titles are unique ignoring case (spec §5); the unique title_key column enforces it.
const titleKey = (title: string) => title.trim().toLowerCase();

async function mapTitleConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TITLE_TAKEN);
    throw error;
  }
}

/** Every tag, sorted by title ignoring case (in JS, so both dialects agree). */
export async function listTags(db: Db): Promise<Tag[]> {
  const rows = await selectAllTags(db);
  rows.sort((a, b) => (a.title_key < b.title_key ? -1 : a.title_key > b.title_key ? 1 : a.id < b.id ? -1 : 1));
  return rows.map(toTag);
}

export async function getTagById(db: Db, id: string): Promise<Tag | undefined> {
  const row = await selectTagById(db, id);
  return row && toTag(row);
}

/** Throws 409 when a tag with the same title (ignoring case) exists. */
export async function createTag(writer: Writer, input: TagInput): Promise<Tag> {
  const { title } = TagInputSchema.parse(input);
  const id = randomUUID();
  await mapTitleConflict(() => insertTag(writer.db, { id, title, title_key: titleKey(title), created_at: nowIso() }));
  const tag = { id, title };
  recordChange(writer, { entity: 'tag', action: 'create', id, before: null, after: tag });
  return tag;
}

/** Throws 404 / 409. */
export async function updateTag(writer: Writer, id: string, input: TagInput): Promise<Tag> {
  const { title } = TagInputSchema.parse(input);
  const before = await getTagById(writer.db, id);
  const updated = await mapTitleConflict(() => updateTagRow(writer.db, id, { title, title_key: titleKey(title) }));
  if (!updated) throw notFound(TAG_NOT_FOUND);
  const tag = { id, title };
  recordChange(writer, { entity: 'tag', action: 'update', id, before: before ?? null, after: tag });
  return tag;
}

/** Deletes the tag and removes it from every product, in one transaction. Throws 404. */
export async function deleteTag(writer: Writer, id: string): Promise<void> {
  const before = await getTagById(writer.db, id);
  await inTransaction(writer.db, async (trx) => {
    if (!(await deleteTagRow(trx, id))) throw notFound(TAG_NOT_FOUND);
  });
  recordChange(writer, { entity: 'tag', action: 'delete', id, before: before ?? null, after: null });
}
