import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { RevisionRow } from '../../db/schema';
import type { ContentChange } from '../changes';
import { summarize } from './revision-summary';

// The SQL that writes revisions, run by the write unit (write.ts) in the write's transaction. Singletons (homepage, about, theme) use item_id ''.

/** How many revisions each item keeps. */
export const REVISIONS_KEPT = 50;

async function insertRevision(db: Db, row: RevisionRow): Promise<void> {
  await db.insertInto('revisions').values(row).execute();
}

/** Drops all but the newest REVISIONS_KEPT of one item. */
async function pruneRevisions(db: Db, entity: string, itemId: string): Promise<void> {
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

async function deleteRevisionsOf(db: Db, entity: string, itemId: string): Promise<void> {
  await db.deleteFrom('revisions').where('entity', '=', entity).where('item_id', '=', itemId).execute();
}

/**
 * Every save of a revisioned type keeps a revision, in the save's own
 * transaction (decision 056: written after the commit by a listener, a crash
 * in between lost it); deleting the item deletes its revisions.
 */
export async function recordRevision(trx: Db, change: ContentChange): Promise<void> {
  const itemId = change.id ?? '';
  if (change.action === 'delete') return deleteRevisionsOf(trx, change.entity, itemId);
  if (change.action !== 'create' && change.action !== 'update') return;
  await insertRevision(trx, {
    id: randomUUID(),
    entity: change.entity,
    item_id: itemId,
    created_at: change.at,
    summary: summarize(change.action, change.before, change.after, change.note),
    snapshot: JSON.stringify(change.after),
  });
  // A new item has this one revision: only a save of an existing one can pass the limit.
  if (change.action === 'update') await pruneRevisions(trx, change.entity, itemId);
}
