import type { Config } from '../config';

/** A shared cache keeps a page this long when every write purges it (decision 061). */
const PURGED_S_MAXAGE = 24 * 60 * 60;
/** Without purges, a CDN shows an edit within seconds while still absorbing bursts. */
const UNPURGED_S_MAXAGE = 10;
const STALE_WHILE_REVALIDATE = 60;

/**
 * Public pages: browsers revalidate every time (ETag; `max-age=0`), shared caches keep them for
 * `s-maxage`, refresh in the background, and stand in while the origin fails (`stale-if-error`,
 * the same window as the render cache's own, STALE_IF_ERROR_SECONDS).
 */
export function publicPageCacheControl(config: Pick<Config, 'cdn' | 'staleIfErrorSeconds'>): string {
  const sMaxAge = config.cdn ? PURGED_S_MAXAGE : UNPURGED_S_MAXAGE;
  return `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${STALE_WHILE_REVALIDATE}, stale-if-error=${config.staleIfErrorSeconds}`;
}

/** Anything for the owner (admin answers, previews, sign-in): never stored by any cache. */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * Surrogate-key headers of a public answer: `Surrogate-Key` (Fastly, space-separated) and `Cache-Tag`
 * (Cloudflare, comma-separated) always; Bunny's `CDN-Tag` only when it is the CDN (a page's keys take
 * a few kB, and a proxy in front must take them: the nginx config raises its header buffer).
 */
export function surrogateKeyHeaders(keys: readonly string[], cdn: Pick<Config, 'cdn'>): string[] {
  if (keys.length === 0) return [];
  const listed = keys.join(',');
  return ['Surrogate-Key', keys.join(' '), 'Cache-Tag', listed, ...(cdn.cdn?.kind === 'bunny' ? ['CDN-Tag', listed] : [])];
}
