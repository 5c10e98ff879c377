import type { Db } from '../db/database';
import { findRedirect } from '../modules/redirects/redirect.service';
import { makePage } from './page-cache';
import type { RenderCache } from './render-cache';

/** A redirect of the redirects table, as the page handler answers it. */
export type RedirectAnswer = { status: 301 | 302; location: string };

/**
 * The visitor's query string goes along (`/old?page=2` → `/new?page=2`),
 * joined to a query the target may have of its own.
 */
export function withQuery(location: string, query: string): string {
  if (!query) return location;
  const hashAt = location.indexOf('#');
  const base = hashAt === -1 ? location : location.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : location.slice(hashAt);
  return `${base}${base.includes('?') ? '&' : '?'}${query}${hash}`;
}

/**
 * Looks an address up in the redirects table through a render cache of its
 * own: kept per content version like pages, so every write (a rename, a
 * redirect saved) purges it, and a redirected address costs no query until
 * then. "No redirect" is kept too, as a 404 entry.
 */
export async function lookUpRedirect(cache: RenderCache, db: Db, pathname: string): Promise<RedirectAnswer | undefined> {
  const answer = await cache.get(pathname, async (version) => {
    const found = await findRedirect(db, pathname);
    return found ? makePage(version, found.status, '', found.location) : makePage(version, 404, '');
  });
  return answer.location ? { status: answer.status as 301 | 302, location: answer.location } : undefined;
}
