import type { IncomingHttpHeaders } from 'node:http';
import { isbot } from 'isbot';

/** Known bots and crawlers (isbot's list); a request without a user agent is no browser either. */
export const isBot = (userAgent: string | undefined) => !userAgent || isbot(userAgent);

/**
 * Prefetch and prerender requests, which browsers and link previews send for
 * pages nobody may open: `Sec-Purpose`, the older `Purpose`/`X-Purpose`, and
 * Firefox's `X-Moz`.
 */
export const isPrefetch = (headers: IncomingHttpHeaders) =>
  headers['sec-purpose'] !== undefined || headers['purpose'] !== undefined || headers['x-purpose'] !== undefined || headers['x-moz'] !== undefined;

/** Whether a request may be a person's visit (decision 060): neither a bot nor a prefetch. */
export const isPersonVisit = (headers: IncomingHttpHeaders) => !isBot(headers['user-agent']) && !isPrefetch(headers);

const UTM_FIELD_MAX = 100;

export type VisitSource = { referrerHost: string | null; utmSource: string | null; utmMedium: string | null; utmCampaign: string | null };

/**
 * Where a visit came from: the referrer's host only (never its path or query),
 * none when it is the site itself, and the landing address's campaign fields.
 */
export function visitSource(url: string, referer: string | undefined, ownHosts: readonly string[]): VisitSource {
  let referrerHost: string | null = null;
  if (referer) {
    try {
      const host = new URL(referer).hostname.toLowerCase();
      referrerHost = host && !ownHosts.includes(host) ? host.slice(0, 255) : null;
    } catch {
      referrerHost = null;
    }
  }
  const queryAt = url.indexOf('?');
  const query = queryAt === -1 ? undefined : new URLSearchParams(url.slice(queryAt + 1));
  const field = (name: string) => query?.get(name)?.trim().slice(0, UTM_FIELD_MAX) || null;
  return { referrerHost, utmSource: field('utm_source'), utmMedium: field('utm_medium'), utmCampaign: field('utm_campaign') };
}
