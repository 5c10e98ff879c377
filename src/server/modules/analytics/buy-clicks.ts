import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { hitLimit, type Limit } from '../../http/rate-limit';
import { rawClientAddress, type TrustedHop } from '../../http/client-address';
import { isVisibleRow } from '../../content/visibility';
import type { Analytics } from './analytics-recorder';
import { siteDay } from './site-day';
import { isPersonVisit } from './visit-filter';

/** Reports one visitor may send a minute, over every product (counted in the database, shared by every copy). */
const PER_VISITOR: Limit = { max: 30, windowMs: 60_000 };
/**
 * One click is reported twice where JavaScript runs (the link's `ping` and a
 * beacon), and a double click is one decision: a visitor's reports for one
 * product within this window count once (decision 060).
 */
const SAME_CLICK: Limit = { max: 1, windowMs: 10_000 };

/**
 * Counts a Buy Now click when it is a person's (not a bot's, not the owner's),
 * on a product visitors can see, within the visitor's allowance, and not a
 * second report of the same click. The limits' keys hold the day's visitor
 * hash, never the address.
 */
export async function countBuyClick(db: Db, analytics: Analytics, trusted: TrustedHop, request: FastifyRequest, slug: string): Promise<boolean> {
  if (!analytics.enabled || !isPersonVisit(request.headers) || (await analytics.isOwner(request.headers.cookie))) return false;
  const at = analytics.clock();
  const day = siteDay(at);
  const visitor = await analytics.visitorOf(day, rawClientAddress(request.raw, trusted), request.headers['user-agent']!);
  if (!(await hitLimit(db, `analytics:buy:${visitor}`, PER_VISITOR, at)).allowed) return false;
  const product = await db.selectFrom('products').select(['id', 'status', 'publish_at']).where('slug', '=', slug).executeTakeFirst();
  if (!product || !isVisibleRow(product, new Date(at).toISOString())) return false;
  if (!(await hitLimit(db, `analytics:click:${visitor}:${product.id}`, SAME_CLICK, at)).allowed) return false;
  analytics.record({
    day,
    at: new Date(at).toISOString(),
    kind: 'buy',
    visitor,
    path: `/product/${slug}`,
    product_id: product.id,
    category_id: null,
    referrer_host: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    count: 1,
  });
  return true;
}
