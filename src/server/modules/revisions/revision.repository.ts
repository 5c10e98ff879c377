import type { Db } from '../../db/database';
import type { RevisionRow } from '../../db/schema';
import { REVISIONS_KEPT } from '../../content/effects/revisions';

// The reads of revisions (the write unit writes them: content/effects/revisions.ts). Singletons (homepage, about, theme) use item_id ''.

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
