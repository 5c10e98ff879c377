import { z } from 'zod';
import { PageQuerySchema } from './list';

/** The longest range the analytics API answers: two years and a day (issue 27). */
export const MAX_RANGE_DAYS = 731;

const DAY_MESSAGE = 'must be a date as YYYY-MM-DD';
/** A calendar day `YYYY-MM-DD` that exists (no 2026-02-30). */
export const DaySchema = z
  .string({ error: DAY_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DAY_MESSAGE)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, DAY_MESSAGE);

const daysOf = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** `from` and `to`, both included, in the site's days; the error names the parameter at fault. */
function checkRange(query: { from: string; to: string }, context: z.RefinementCtx): void {
  if (query.from > query.to) context.addIssue({ code: 'custom', path: ['from'], message: 'must not be after to' });
  else if (daysOf(query.from, query.to) > MAX_RANGE_DAYS) {
    context.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${MAX_RANGE_DAYS} days from from (both included)` });
  }
}

export const RangeQuerySchema = z.object({ from: DaySchema, to: DaySchema }).superRefine(checkRange);
export type RangeQuery = z.infer<typeof RangeQuerySchema>;

export const PRODUCT_SORTS = ['views', 'buyClicks', 'ctr'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const MAX_PRODUCT_IDS = 100;

export const ProductFiguresQuerySchema = z
  .object({
    from: DaySchema,
    to: DaySchema,
    sort: z.enum(PRODUCT_SORTS, { error: 'must be views, buyClicks or ctr' }).default('views'),
    // Admin lists: the figures of the products on screen only (a page reads only what it shows).
    ids: z
      .string({ error: 'must be product ids separated by commas' })
      .max(4000, 'is too long')
      .transform((value) => value.split(',').map((id) => id.trim()).filter(Boolean))
      .pipe(z.array(z.string().max(100)).max(MAX_PRODUCT_IDS, `must be at most ${MAX_PRODUCT_IDS} ids`))
      .optional(),
    ...PageQuerySchema.shape,
  })
  .superRefine(checkRange);
export type ProductFiguresQuery = z.infer<typeof ProductFiguresQuerySchema>;

const count = z.number().int().min(0);

export const DayFiguresSchema = z.object({ date: z.string(), visitors: count, pageviews: count, buyClicks: count });
export type DayFigures = z.infer<typeof DayFiguresSchema>;

export const SummarySchema = z.object({ visitors: count, pageviews: count, buyClicks: count, series: z.array(DayFiguresSchema) });
export type Summary = z.infer<typeof SummarySchema>;

export const ProductFiguresSchema = z.object({
  productId: z.string(),
  slug: z.string(),
  title: z.string(),
  views: count,
  buyClicks: count,
  /** buyClicks / views; 0 without views. */
  ctr: z.number().min(0),
});
export type ProductFigures = z.infer<typeof ProductFiguresSchema>;

export const ReferrerFiguresSchema = z.object({ host: z.string(), visitors: count });
export type ReferrerFigures = z.infer<typeof ReferrerFiguresSchema>;

export const BreakdownSchema = z.object({
  pages: z.array(z.object({ path: z.string(), views: count })),
  /** How many pages had views in the range (`pages` holds the top 20). */
  pagesTotal: count,
  categories: z.array(z.object({ categoryId: z.string(), slug: z.string(), title: z.string(), views: count })),
  campaigns: z.array(z.object({ source: z.string(), medium: z.string(), campaign: z.string(), visitors: count })),
  /** Subscribers confirmed within the range. */
  newSubscribers: count,
});
export type Breakdown = z.infer<typeof BreakdownSchema>;

/** The site's today and time zone: the dashboard's presets count back from it. */
export const SiteDaySchema = z.object({ today: z.string(), timeZone: z.string() });
export type SiteDay = z.infer<typeof SiteDaySchema>;

export const PRODUCTS_CSV_HEADER = 'productId,slug,title,views,buyClicks,ctr';

const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
export const SummaryResponseSchema = envelope(SummarySchema);
export const ProductFiguresResponseSchema = envelope(z.array(ProductFiguresSchema)).extend({
  meta: z.object({ nextCursor: z.string().nullable(), total: z.number().int() }).optional(),
});
export const ReferrersResponseSchema = envelope(z.array(ReferrerFiguresSchema));
export const BreakdownResponseSchema = envelope(BreakdownSchema);
export const SiteDayResponseSchema = envelope(SiteDaySchema);
