import type { Db } from '../../db/database';
import type { RedirectRow } from '../../db/schema';

// The SQL of the redirects table that a content write runs in its transaction (addresses.ts); `db` is that transaction.

/** One row per address: a rename of an item over an address that already redirects takes that row over. */
export async function upsertRedirect(db: Db, row: RedirectRow): Promise<void> {
  const { id: _id, from_path: _from, created_at: _created, ...changes } = row;
  await db
    .insertInto('redirects')
    .values(row)
    .onConflict((oc) => oc.column('from_path').doUpdateSet(changes))
    .execute();
}

/** Collapses chains: every redirect that led to `oldTarget` now leads straight to `newTarget`. */
export async function retargetRedirects(db: Db, oldTarget: string, newTarget: string, now: string): Promise<void> {
  await db.updateTable('redirects').set({ to_path: newTarget, updated_at: now }).where('to_path', '=', oldTarget).execute();
}

export async function deleteRedirectFrom(db: Db, fromPath: string): Promise<void> {
  await db.deleteFrom('redirects').where('from_path', '=', fromPath).execute();
}

/** Drops the redirects that lead to a deleted item: by its address, and the automatic ones by the item itself. */
export async function deleteRedirectsTo(db: Db, toPath: string, target: { type: string; id: string }): Promise<void> {
  await db
    .deleteFrom('redirects')
    .where((eb) => eb.or([eb('to_path', '=', toPath), eb.and([eb('target_type', '=', target.type), eb('target_id', '=', target.id)])]))
    .execute();
}
