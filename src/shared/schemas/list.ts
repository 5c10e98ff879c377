import { z } from 'zod';
import { SLUG_PATTERN } from './common';
import { PublishStatusSchema } from './publish';
import { SubscriberStatusSchema } from './newsletter';
import type { PageMetaSchema } from './api';
import { AVAILABILITIES, type Availability } from './edition';
import { PRODUCT_SORTS } from './attribute';

/**
 * The one paging contract of every list route (decision 006): without `limit`
 * or `cursor` a route answers the whole (filtered) list; with them, one page
 * and `meta.nextCursor` (opaque) to ask for the next one.
 */
export const MAX_PAGE_LIMIT = 100;
/** Used when a `cursor` comes without a `limit`. */
export const DEFAULT_PAGE_LIMIT = 20;

const LIMIT_MESSAGE = `must be a whole number from 1 to ${MAX_PAGE_LIMIT}`;

export const PageLimitSchema = z.coerce
  .number({ error: LIMIT_MESSAGE })
  .int(LIMIT_MESSAGE)
  .min(1, LIMIT_MESSAGE)
  .max(MAX_PAGE_LIMIT, LIMIT_MESSAGE);

export const PageQuerySchema = z.object({
  limit: PageLimitSchema.optional(),
  cursor: z.string({ error: 'must be the nextCursor of a previous page' }).min(1, 'must not be empty').max(2000, 'is too long').optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** Categories: paging and, for the admin, a status filter. */
export const CategoryListQuerySchema = PageQuerySchema.extend({ status: PublishStatusSchema.optional() });
export type CategoryListQuery = z.infer<typeof CategoryListQuerySchema>;

const slugFilter = z
  .string({ error: 'must be a slug' })
  .max(200, 'is too long')
  .regex(SLUG_PATTERN, 'must be a slug (lower-case letters, digits and hyphens)');

/** Case-insensitive substring; blank means no filter. */
const searchFilter = z
  .string({ error: 'must be text' })
  .trim()
  .max(200, 'is too long')
  .optional()
  .transform((value) => value || undefined);

export const MAX_TAG_FILTERS = 20;

export const ProductListQuerySchema = PageQuerySchema.extend({
  category: slugFilter.optional(),
  // Repeatable (`?tag=a&tag=b`): a product must carry every one.
  tag: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(slugFilter).max(MAX_TAG_FILTERS, `must be at most ${MAX_TAG_FILTERS} tags`),
  ),
  q: searchFilter,
  /** Admin lists only: visitors always get the published items. */
  status: PublishStatusSchema.optional(),
  /** Products with an edition of any of these (repeatable, or comma-separated). */
  availability: z.preprocess(
    (value) => (value === undefined ? undefined : (Array.isArray(value) ? value : [value]).flatMap((item) => String(item).split(',')).filter(Boolean)),
    z
      .array(z.string())
      .max(10, 'is too long')
      .refine((values) => values.every((value) => (AVAILABILITIES as readonly string[]).includes(value)), `must be one of ${AVAILABILITIES.join(', ')}`)
      .transform((values) => [...new Set(values)] as Availability[])
      .optional(),
  ),
  /** `true`: products with a running sale; `false`: without. */
  onSale: z.enum(['true', 'false'], { error: 'must be true or false' }).transform((value) => value === 'true').optional(),
  sort: z.enum(PRODUCT_SORTS, { error: `must be one of ${PRODUCT_SORTS.join(', ')}` }).optional(),
  // `attr.{slug}=value` parameters (issue 28) are read by name from the rest of the query.
}).catchall(z.unknown());
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

/** `attr.{slug}` parameters by slug, each a list of its raw values (repeatable). */
export function attributeParams(query: Record<string, unknown>): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(query)) {
    if (!name.startsWith('attr.')) continue;
    found[name.slice(5)] = (Array.isArray(value) ? value : [value]).map(String);
  }
  return found;
}

export const TagListQuerySchema = PageQuerySchema.extend({
  /** Only the tags that products of this category carry (the category page's filter chips). */
  category: slugFilter.optional(),
});
export type TagListQuery = z.infer<typeof TagListQuerySchema>;

export const SubscriberListQuerySchema = PageQuerySchema.extend({ q: searchFilter, status: SubscriberStatusSchema.optional() });
export type SubscriberListQuery = z.infer<typeof SubscriberListQuerySchema>;

export type PageMeta = z.infer<typeof PageMetaSchema>;
/** One page of a list, as a service returns it. */
export type Page<T> = { items: T[]; nextCursor: string | null; total: number };
/** One page of a list, as the API answers it. */
export type PagedResponse<T> = { success: true; data: T[]; meta: PageMeta };

/** True when the query asks for one page rather than the whole list. */
export const wantsPage = (query: PageQuery) => query.limit !== undefined || query.cursor !== undefined;
