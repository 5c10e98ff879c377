import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { STATEMENT_ROWS, dayNumber, dayOf, windowDays } from './spans';

/** The daily summaries: the site's sales history, carried by backups and loaded back by a restore (decision 060). */
export const DAILY_SUMMARY_TABLES = ['analytics_daily', 'analytics_daily_products', 'analytics_daily_counts'] as const;
export type DailySummaryTable = (typeof DAILY_SUMMARY_TABLES)[number];

export const isDailySummaryTable = (table: string): table is DailySummaryTable => (DAILY_SUMMARY_TABLES as readonly string[]).includes(table);

/**
 * Deletes every row of a daily summary table in statements of about `statementRows` rows, along the
 * table's key (`day…`, or `dimension, day…` for the counts), as the span filler works in windows:
 * 10,000 products × 25 months is 7.6 million rows, and one delete of them could outlast PostgreSQL's
 * 10 s statement limit (decision 010) and fail the restore. Run inside the restore's transaction, the
 * statements are still all or nothing (decision 080).
 */
export async function emptyDailySummaries(db: Db, table: DailySummaryTable, statementRows = STATEMENT_ROWS): Promise<void> {
  if (table !== 'analytics_daily_counts') return emptyDays(db, table, undefined, statementRows);
  // The next dimension along the key (`> previous`, never over the rows this loop has just deleted).
  const after = async (previous: string | null) => {
    const row = await db
      .selectFrom('analytics_daily_counts')
      .select((eb) => eb.fn.min<string | null>('dimension').as('next'))
      .$if(previous !== null, (query) => query.where('dimension', '>', previous!))
      .executeTakeFirst();
    return row?.next ?? null;
  };
  for (let dimension = await after(null); dimension !== null; dimension = await after(dimension)) {
    await emptyDays(db, table, dimension, statementRows);
  }
}

/** One table's (or one dimension's) days, from its first to its last, in windows sized by the rows of a day. */
async function emptyDays(db: Db, table: DailySummaryTable, dimension: string | undefined, statementRows: number): Promise<void> {
  const ofDimension = dimension === undefined ? sql`` : sql`and dimension = ${dimension}`;
  const bounds = await sql<{ first: string | null; last: string | null }>`
    select min(day) as first, max(day) as last from ${sql.table(table)} where 1 = 1 ${ofDimension}`.execute(db);
  const { first: firstDay, last: lastDay } = bounds.rows[0] ?? { first: null, last: null };
  if (!firstDay || !lastDay) return;
  const first = dayNumber(firstDay);
  const last = dayNumber(lastDay);
  // Rows of a day, the most of five days spread over the range (each counted along the key).
  let perDay = 1;
  for (let i = 0; i <= 4; i += 1) {
    const day = dayOf(first + Math.round(((last - first) * i) / 4));
    const counted = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where day = ${day} ${ofDimension}`.execute(db);
    perDay = Math.max(perDay, Number(counted.rows[0]?.n ?? 0));
  }
  const window = windowDays(1, perDay, statementRows);
  for (let from = first; from <= last; from += window) {
    await sql`delete from ${sql.table(table)} where day >= ${dayOf(from)} and day < ${dayOf(from + window)} ${ofDimension}`.execute(db);
  }
}
