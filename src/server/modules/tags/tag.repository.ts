import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { TagRow } from '../../db/schema';

// All SQL for tags. `db` may be a transaction.

export function selectAllTags(db: Db): Promise<TagRow[]> {
  return db.selectFrom('tags').selectAll().execute();
}

export function selectTagById(db: Db, id: string): Promise<TagRow | undefined> {
  return db.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertTag(db: Db, row: Insertable<TagRow>): Promise<void> {
  await db.insertInto('tags').values(row).execute();
}

/** Returns false when no row has that id. */
export async function updateTagRow(db: Db, id: string, changes: Updateable<TagRow>): Promise<boolean> {
  const result = await db.updateTable('tags').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes the tag and its product links; returns false when no row has that id. */
export async function deleteTagRow(db: Db, id: string): Promise<boolean> {
  // Explicit rather than relying on ON DELETE CASCADE, which SQLite applies
  // only when foreign keys are on for the connection.
  await db.deleteFrom('product_tags').where('tag_id', '=', id).execute();
  const result = await db.deleteFrom('tags').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function selectExistingTagIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('tags').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}
