import type { Db } from '../../db/database';
import { isVisibleRow } from '../../content/visibility';
import { redirectTargetProblem } from '../../../shared/schemas/redirect';

const BASE = 'http://localhost';

/**
 * A target as it is stored and sent: a site path percent-encoded with its dot
 * segments resolved, or an absolute URL in its canonical form. ASCII either
 * way, so it always fits in a Location header.
 */
export function normaliseTarget(to: string): string {
  if (!to.startsWith('/')) return new URL(to).href;
  const url = new URL(to, BASE);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The address of this site that a target leads to: a path, or an absolute URL
 * on the site's own origin (`https://shop.example/a` from `/a` is a loop too).
 * Undefined for other sites and for anything that does not parse.
 */
export function sitePathOf(to: string, publicUrl: string | undefined): string | undefined {
  try {
    if (to.startsWith('/')) return new URL(to, BASE).pathname;
    const url = new URL(to);
    return publicUrl && url.origin === new URL(publicUrl).origin ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

/** Where a stored row may send a visitor: undefined when the row breaks today's rules (a 404, never a 500). */
export function safeLocation(to: string): string | undefined {
  if (redirectTargetProblem(to) !== null) return undefined;
  try {
    return normaliseTarget(to);
  } catch {
    return undefined;
  }
}

const ITEM_ADDRESS = /^\/(product|category)\/([^/]+)$/;

/**
 * Whether a target is the address of a product or category that visitors may
 * not see (a draft, one scheduled for later, or none at all). A redirect never
 * names such an address: renaming a draft must not announce its new slug, and
 * a redirect kept for an item taken off the site waits until it is back.
 */
export async function leadsToHiddenItem(db: Db, location: string): Promise<boolean> {
  if (!location.startsWith('/')) return false;
  const match = ITEM_ADDRESS.exec(new URL(location, BASE).pathname);
  if (!match) return false;
  let slug: string;
  try {
    slug = decodeURIComponent(match[2]!);
  } catch {
    return true;
  }
  const table = match[1] === 'product' ? 'products' : 'categories';
  const row = await db.selectFrom(table).select(['status', 'publish_at']).where('slug', '=', slug).executeTakeFirst();
  return !row || !isVisibleRow(row);
}
