import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/json';
import { isVisibleRow } from '../visibility';
import { itemPath, type AddressedType } from '../types';
import { deleteRedirectFrom, deleteRedirectsTo, retargetRedirects, upsertRedirect } from './redirect-rows';

/**
 * An item's address and its redirects, kept by the write unit (write.ts) in
 * the transaction of the item's own write, so they never disagree (links
 * that never break, issue 13). Which types have an address: types.ts.
 */
export type AddressedItem = { type: AddressedType; id: string };

/** An item as its API shape shows it: enough to know its address and whether visitors could see it there. */
type Placed = { slug: string; status: string; publishAt: string | null };

/** An item now lives at this slug: a redirect from its address is dropped (the item wins over an old link). */
export async function claimAddress(trx: Db, item: AddressedItem, slug: string): Promise<void> {
  await deleteRedirectFrom(trx, itemPath(item.type, slug));
}

/**
 * An item's slug changed. If visitors could see it at its old address, that
 * address redirects (301) to the new one; a draft's or a not-yet-live item's
 * address was never public, so nothing there names its new slug. Either way
 * every redirect that led to the old address now leads to the new one (after
 * A→B→C, A goes straight to C; while the item is hidden they answer 404,
 * redirect-targets.ts), and the new address redirects no more.
 */
export async function moveAddress(trx: Db, item: AddressedItem, old: Placed, newSlug: string): Promise<void> {
  if (old.slug === newSlug) return;
  const from = itemPath(item.type, old.slug);
  const to = itemPath(item.type, newSlug);
  const now = nowIso();
  if (isVisibleRow({ status: old.status, publish_at: old.publishAt })) {
    await upsertRedirect(trx, {
      id: randomUUID(),
      from_path: from,
      to_path: to,
      status: 301,
      kind: 'automatic',
      target_type: item.type,
      target_id: item.id,
      created_at: now,
      updated_at: now,
    });
  }
  await retargetRedirects(trx, from, to, now);
  // Renamed back to an old slug: A→B then B→A leaves A→A, which goes here.
  await deleteRedirectFrom(trx, to);
}

/** An item was deleted: its address answers 404, and no redirect leads to it any more. */
export async function dropAddress(trx: Db, item: AddressedItem, slug: string): Promise<void> {
  await deleteRedirectsTo(trx, itemPath(item.type, slug), item);
}
