import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { encodeCursor } from '../../db/paging';
import { decodeCursor } from '../../http/cursor';
import type { Page } from '../../../shared/schemas/list';
import { DEFAULT_PAGE_LIMIT } from '../../../shared/schemas/list';
import type { Breakdown, ProductFigures, ProductFiguresQuery, RangeQuery, ReferrerFigures, Summary } from '../../../shared/schemas/analytics';
import { coverRange } from './spans';
import { firstSummaryDay } from './retention';
import { daysBetween, siteDay } from './site-day';

/**
 * The dashboard's figures, read from the daily summaries only (never the raw
 * events), so a range costs its days, not its visits (decision 060). A visitor
 * is a visitor of one day (the salt changes daily): a range's visitors are the
 * sum of its days'.
 */
export async function readSummary(db: Db, { from, to }: RangeQuery): Promise<Summary> {
  const rows = await db
    .selectFrom('analytics_daily')
    .select(['day', 'visitors', 'pageviews', 'buy_clicks'])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const series = daysBetween(from, to).map((date) => {
    const row = byDay.get(date);
    return { date, visitors: Number(row?.visitors ?? 0), pageviews: Number(row?.pageviews ?? 0), buyClicks: Number(row?.buy_clicks ?? 0) };
  });
  const sum = (key: 'visitors' | 'pageviews' | 'buyClicks') => series.reduce((total, day) => total + day[key], 0);
  return { visitors: sum('visitors'), pageviews: sum('pageviews'), buyClicks: sum('buyClicks'), series };
}

const ORDER: Record<ProductFiguresQuery['sort'], ReturnType<typeof sql>> = {
  views: sql`t.views desc, t.buy_clicks desc`,
  buyClicks: sql`t.buy_clicks desc, t.views desc`,
  ctr: sql`case when t.views = 0 then 0 else 1.0 * t.buy_clicks / t.views end desc, t.views desc`,
};

type ProductFiguresRow = { product_id: string; slug: string; title: string; views: number | string; buy_clicks: number | string };

const toFigures = (row: ProductFiguresRow): ProductFigures => {
  const views = Number(row.views);
  const buyClicks = Number(row.buy_clicks);
  return { productId: row.product_id, slug: row.slug, title: row.title, views, buyClicks, ctr: views === 0 ? 0 : buyClicks / views };
};

const OffsetCursor = z.tuple([z.number().int().min(0)]);

/**
 * Products with views or clicks in the range, best first by `sort` (then the
 * other figure, then id). The products' current slug and title: the figures
 * are kept by id. Paged by the list contract; the cursor is the offset. The
 * range is read as whole spans of days plus single days (spans.ts), in
 * one query whose window count is the list's total.
 */
export async function pageProductFigures(db: Db, query: ProductFiguresQuery, today = siteDay(Date.now())): Promise<Page<ProductFigures>> {
  const idFilter = query.ids ? (query.ids.length === 0 ? sql`and 1 = 0` : sql`and product_id in (${sql.join(query.ids)})`) : sql``;
  const cover = coverRange(query.from, query.to, firstSummaryDay(today));
  const parts = [];
  if (cover.days.length > 0) {
    parts.push(sql`select product_id, views, buy_clicks from analytics_daily_products where day in (${sql.join(cover.days)}) ${idFilter}`);
  }
  for (const span of cover.spans) {
    parts.push(sql`select product_id, views, buy_clicks from analytics_span_products
      where level = ${span.level} and start = ${span.start} ${idFilter}`);
  }
  const totals = sql`
    select product_id, sum(views) as views, sum(buy_clicks) as buy_clicks
    from (${sql.join(parts, sql` union all `)}) r
    group by product_id`;
  const paged = query.limit !== undefined || query.cursor !== undefined;
  const offset = query.cursor ? decodeCursor(query.cursor, OffsetCursor)[0] : 0;
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  const window = paged ? sql`limit ${limit + 1} offset ${offset}` : sql``;
  const result = await sql<ProductFiguresRow & { total: number | string }>`
    select t.product_id, p.slug, p.title, t.views, t.buy_clicks, count(*) over () as total
    from (${totals}) t join products p on p.id = t.product_id
    order by ${ORDER[query.sort]}, t.product_id
    ${window}`.execute(db);
  const rows = result.rows.map(toFigures);
  if (!paged) return { items: rows, nextCursor: null, total: rows.length };
  // Past the last row the window count is not seen: then the total is what came before.
  const total = result.rows.length > 0 ? Number(result.rows[0]!.total) : offset === 0 ? 0 : await countProductFigures(db, totals);
  return {
    items: rows.slice(0, limit),
    nextCursor: rows.length > limit ? encodeCursor([offset + limit]) : null,
    total,
  };
}

async function countProductFigures(db: Db, totals: ReturnType<typeof sql>): Promise<number> {
  const counted = await sql<{ total: number | string }>`
    select count(*) as total from (${totals}) t join products p on p.id = t.product_id`.execute(db);
  return Number(counted.rows[0]?.total ?? 0);
}

type CountRow = { name: string; total: number | string };

/**
 * A dimension's names by their count over the range, most first (then by
 * name): read as whole spans of days plus single days like the top pages,
 * spans only from the first kept summary day on (decision 060, amended
 * 2026-11-29).
 */
async function topNames(db: Db, dimension: 'category' | 'referrer' | 'campaign', { from, to }: RangeQuery, today: string, limit?: number): Promise<CountRow[]> {
  const cover = coverRange(from, to, firstSummaryDay(today));
  const parts = [];
  if (cover.days.length > 0) {
    parts.push(sql`select name, count from analytics_daily_counts where dimension = ${dimension} and day in (${sql.join(cover.days)})`);
  }
  for (const span of cover.spans) {
    parts.push(sql`select name, count from analytics_span_counts where level = ${span.level} and start = ${span.start} and dimension = ${dimension}`);
  }
  const result = await sql<CountRow>`
    select name, sum(count) as total from (${sql.join(parts, sql` union all `)}) r
    group by name order by sum(count) desc, name
    ${limit === undefined ? sql`` : sql`limit ${limit}`}`.execute(db);
  return result.rows;
}

/** Referrer hosts by visitors (a visitor's landing of the day), most first. */
export async function readReferrers(db: Db, range: RangeQuery, today = siteDay(Date.now())): Promise<ReferrerFigures[]> {
  return (await topNames(db, 'referrer', range, today)).map((row) => ({ host: row.name, visitors: Number(row.total) }));
}

const TOP = 20;

type PageRow = { path: string; views: number | string; total: number | string };

/**
 * The `limit` most viewed pages of the range (then by path) and how many pages
 * had views, in one statement: the range is read as whole spans of days plus
 * single days (spans.ts), spans only from the first kept summary day on,
 * and the window count is the total (decision 060, amended 2026-11-29).
 */
export async function readTopPages(
  db: Db,
  { from, to }: RangeQuery,
  limit = TOP,
  today = siteDay(Date.now()),
): Promise<{ pages: Array<{ path: string; views: number }>; total: number }> {
  const cover = coverRange(from, to, firstSummaryDay(today));
  const parts = [];
  if (cover.days.length > 0) {
    parts.push(sql`select name as path, count as views from analytics_daily_counts where dimension = 'page' and day in (${sql.join(cover.days)})`);
  }
  for (const span of cover.spans) parts.push(sql`select path, views from analytics_span_pages where level = ${span.level} and start = ${span.start}`);
  const result = await sql<PageRow>`
    select path, sum(views) as views, count(*) over () as total
    from (${sql.join(parts, sql` union all `)}) r
    group by path order by sum(views) desc, path
    limit ${limit}`.execute(db);
  return {
    pages: result.rows.map((row) => ({ path: row.path, views: Number(row.views) })),
    total: result.rows.length > 0 ? Number(result.rows[0]!.total) : 0,
  };
}

/** Midnight of a site day as an instant (the process's `TZ`), for tables that keep instants. */
const startOfDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date).toISOString();
};

/** Top pages (and how many pages had views), categories and campaigns, and the subscribers confirmed in the range. */
export async function readBreakdown(db: Db, range: RangeQuery, today = siteDay(Date.now())): Promise<Breakdown> {
  const [pages, categoryRows, campaigns] = await Promise.all([
    readTopPages(db, range, TOP, today),
    topNames(db, 'category', range, today, TOP),
    topNames(db, 'campaign', range, today, TOP),
  ]);
  const categoryIds = categoryRows.map((row) => row.name);
  const categories =
    categoryIds.length === 0 ? [] : await db.selectFrom('categories').select(['id', 'slug', 'title']).where('id', 'in', categoryIds).execute();
  const categoryById = new Map(categories.map((row) => [row.id, row]));
  const [year, month, date] = range.to.split('-').map(Number) as [number, number, number];
  const end = new Date(year, month - 1, date + 1).toISOString();
  const subscribers = await db
    .selectFrom('subscribers')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('status', '=', 'confirmed')
    .where('confirmed_at', '>=', startOfDay(range.from))
    .where('confirmed_at', '<', end)
    .executeTakeFirst();
  return {
    pages: pages.pages,
    pagesTotal: pages.total,
    categories: categoryRows.flatMap((row) => {
      const category = categoryById.get(row.name);
      return category ? [{ categoryId: category.id, slug: category.slug, title: category.title, views: Number(row.total) }] : [];
    }),
    campaigns: campaigns.map((row) => {
      const [source, medium, campaign] = JSON.parse(row.name) as [string, string, string];
      return { source, medium, campaign, visitors: Number(row.total) };
    }),
    newSubscribers: Number(subscribers?.total ?? 0),
  };
}
