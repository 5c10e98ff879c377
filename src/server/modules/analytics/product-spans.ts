import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { AnalyticsSpanProductRow } from '../../db/schema';

/**
 * Product figures over aligned spans of 2^level site days (levels 1–9: 2 to
 * 512 days), kept beside the daily product summaries so that a range of days
 * is read as a few whole spans and a few single days: the top products of 30
 * days sum ~6 rows per product instead of 30, of 731 days ~10 instead of 731
 * (decision 060, amended 2026-11-29). Derived: added to in the same
 * transaction as the daily rows, rebuilt from them by a restore.
 */
export const SPAN_LEVELS = 9;

const DAY_MS = 86_400_000;
/** Days since 1970-01-01 of a site day (`YYYY-MM-DD`, calendar arithmetic). */
export const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

type ProductDay = { day: string; product_id: string; views: number; buy_clicks: number };

/** What some daily product rows add to the spans that hold their days. */
export function spanRowsOf(rows: ProductDay[]): AnalyticsSpanProductRow[] {
  const spans = new Map<string, AnalyticsSpanProductRow>();
  for (const row of rows) {
    const number = dayNumber(row.day);
    for (let level = 1; level <= SPAN_LEVELS; level += 1) {
      const start = Math.floor(number / 2 ** level) * 2 ** level;
      const key = `${level} ${start} ${row.product_id}`;
      const span = spans.get(key);
      if (span) {
        span.views += row.views;
        span.buy_clicks += row.buy_clicks;
      } else spans.set(key, { level, start, product_id: row.product_id, views: row.views, buy_clicks: row.buy_clicks });
    }
  }
  return [...spans.values()];
}

export type RangeCover = { days: string[]; spans: Array<{ level: number; start: number }> };

/**
 * The fewest aligned spans and single days that make up `from`..`to`. Spans
 * are used only from `firstSpanDay` on (the first day summaries are kept:
 * retention drops the spans that reach before it); days before it are read
 * one by one.
 */
export function coverRange(from: string, to: string, firstSpanDay: string): RangeCover {
  const cover: RangeCover = { days: [], spans: [] };
  let day = dayNumber(from);
  const last = dayNumber(to);
  const spansFrom = dayNumber(firstSpanDay);
  while (day <= last) {
    let level = 0;
    if (day >= spansFrom) {
      while (level < SPAN_LEVELS && day % 2 ** (level + 1) === 0 && day + 2 ** (level + 1) - 1 <= last) level += 1;
    }
    if (level === 0) cover.days.push(dayOf(day));
    else cover.spans.push({ level, start: day });
    day += 2 ** level;
  }
  return cover;
}

/** Spans that reach before `firstKept` (retention deleted some of their days). */
export async function pruneProductSpans(db: Db, firstKept: string): Promise<void> {
  const first = dayNumber(firstKept);
  await db.deleteFrom('analytics_span_products').where('start', '<', first).execute();
}

/** The spans made again from the daily product summaries (after a restore). */
export async function rebuildProductSpans(db: Db): Promise<void> {
  await db.deleteFrom('analytics_span_products').execute();
  const number =
    db.getExecutor().adapter instanceof PostgresAdapter ? sql`(cast(day as date) - date '1970-01-01')` : sql`cast(julianday(day) - 2440587.5 as integer)`;
  for (let level = 1; level <= SPAN_LEVELS; level += 1) {
    const size = 2 ** level;
    await sql`insert into analytics_span_products (level, start, product_id, views, buy_clicks)
      select ${sql.lit(level)}, (${number} / ${sql.lit(size)}) * ${sql.lit(size)} as span_start, product_id, sum(views), sum(buy_clicks)
      from analytics_daily_products group by span_start, product_id`.execute(db);
  }
}
