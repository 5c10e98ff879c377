import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { AnalyticsSpanPageRow } from '../../db/schema';
import { SPAN_LEVELS, dayNumber } from './product-spans';

/**
 * Page views over the same aligned spans of 2^level site days as the product
 * figures (levels 1–9: 2 to 512 days; product-spans.ts), kept beside the
 * `page` rows of the daily counts, so the dashboard's top pages read a range
 * as a few whole spans and a few single days (decision 060, amended
 * 2026-11-29). Derived: added to in the same transaction as the daily counts,
 * pruned with them, rebuilt from them by a restore.
 */
type PageDay = { day: string; path: string; views: number };

/** What some daily page counts add to the spans that hold their days. */
export function pageSpanRowsOf(rows: PageDay[]): AnalyticsSpanPageRow[] {
  const spans = new Map<string, AnalyticsSpanPageRow>();
  for (const row of rows) {
    const number = dayNumber(row.day);
    for (let level = 1; level <= SPAN_LEVELS; level += 1) {
      const start = Math.floor(number / 2 ** level) * 2 ** level;
      const key = `${level} ${start} ${row.path}`;
      const span = spans.get(key);
      if (span) span.views += row.views;
      else spans.set(key, { level, start, path: row.path, views: row.views });
    }
  }
  return [...spans.values()];
}

/** Spans that reach before `firstKept` (retention deleted some of their days). */
export async function prunePageSpans(db: Db, firstKept: string): Promise<void> {
  await db.deleteFrom('analytics_span_pages').where('start', '<', dayNumber(firstKept)).execute();
}

const dayOf = (number: number) => new Date(number * 86_400_000).toISOString().slice(0, 10);

/**
 * The spans made again from the daily page counts (after a restore): level 1
 * from the daily rows, each further level from the one below (half as many
 * rows each time), in windows of at least 64 days, so that no statement
 * outlasts PostgreSQL's 10 s limit even at 10,000 paths × 761 days.
 */
export async function rebuildPageSpans(db: Db): Promise<void> {
  await db.deleteFrom('analytics_span_pages').execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const number = postgres ? sql`(cast(day as date) - date '1970-01-01')` : sql`cast(julianday(day) - 2440587.5 as integer)`;
  const bounds = await db
    .selectFrom('analytics_daily_counts')
    .select((eb) => [eb.fn.min('day').as('first'), eb.fn.max('day').as('last')])
    .where('dimension', '=', 'page')
    .executeTakeFirst();
  if (!bounds?.first || !bounds.last) return;
  const first = dayNumber(bounds.first);
  const last = dayNumber(bounds.last);
  for (let level = 1; level <= SPAN_LEVELS; level += 1) {
    const size = 2 ** level;
    const window = Math.max(64, size);
    for (let from = Math.floor(first / window) * window; from <= last; from += window) {
      if (level === 1) {
        await sql`insert into analytics_span_pages (level, start, path, views)
          select 1, (${number} / 2) * 2 as span_start, name, sum(count) from analytics_daily_counts
          where dimension = 'page' and day >= ${dayOf(from)} and day < ${dayOf(from + window)}
          group by span_start, name`.execute(db);
      } else {
        await sql`insert into analytics_span_pages (level, start, path, views)
          select ${sql.lit(level)}, (start / ${sql.lit(size)}) * ${sql.lit(size)} as span_start, path, sum(views) from analytics_span_pages
          where level = ${sql.lit(level - 1)} and start >= ${from} and start < ${from + window}
          group by span_start, path`.execute(db);
      }
    }
  }
}
