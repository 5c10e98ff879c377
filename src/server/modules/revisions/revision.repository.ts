import type { Db } from '../../db/database';
import type { RevisionRow } from '../../db/schema';

// All SQL for revisions. Singletons (homepage, about, theme) use item_id ''.

/** How many revisions each item keeps. */
export const REVISIONS_KEPT = 50;

export async function insertRevision(db: Db, row: RevisionRow): Promise<void> {
  await db.insertInto('revisions').values(row).execute();
}

/** Newest first. */
export function selectRevisions(db: Db, entity: string, itemId: string): Promise<RevisionRow[]> {
  return db
    .selectFrom('revisions')
    .selectAll()
    .where('entity', '=', entity)
    .where('item_id', '=', itemId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(REVISIONS_KEPT)
    .execute();
}

export function selectRevision(db: Db, entity: string, itemId: string, id: string): Promise<RevisionRow | undefined> {
  return db.selectFrom('revisions').selectAll().where('entity', '=', entity).where('item_id', '=', itemId).where('id', '=', id).executeTakeFirst();
}

/** Drops all but the newest REVISIONS_KEPT of one item. */
export async function pruneRevisions(db: Db, entity: string, itemId: string): Promise<void> {
  await db
    .deleteFrom('revisions')
    .where('entity', '=', entity)
    .where('item_id', '=', itemId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('revisions')
        .select('id')
        .where('entity', '=', entity)
        .where('item_id', '=', itemId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(REVISIONS_KEPT),
    )
    .execute();
}

export async function deleteRevisionsOf(db: Db, entity: string, itemId: string): Promise<void> {
  await db.deleteFrom('revisions').where('entity', '=', entity).where('item_id', '=', itemId).execute();
}
