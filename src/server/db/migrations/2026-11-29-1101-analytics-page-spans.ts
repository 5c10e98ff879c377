import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Page views over spans of 2, 4, … 512 site days, as the product spans of
 * migration 2026-11-29-0401 (decision 060, amended 2026-11-29): level k holds
 * the sums of the `page` rows of `analytics_daily_counts` over the 2^k days
 * starting at day number `start` (days since 1970-01-01, a multiple of 2^k),
 * so the dashboard's top pages read a handful of rows per page, not one per
 * day. Derived from the daily page counts (filled here from them, rebuilt by a
 * restore). Expand only: a new table. Frozen in time: migrations never import
 * application code.
 */
const LEVELS = 9;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_span_pages')
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('start', 'integer', (c) => c.notNull())
    .addColumn('path', 'varchar(400)', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_span_pages_pk', ['level', 'start', 'path'])
    .execute();
  // Level 1 from the daily rows, each further level from the one below, in windows of at least 64
  // days: no statement outlasts the pool's 10 s limits (decision 010) at 10,000 paths × 761 days.
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const number = postgres ? sql`(cast(day as date) - date '1970-01-01')` : sql`cast(julianday(day) - 2440587.5 as integer)`;
  const bounds = await sql<{ first: string | null; last: string | null }>`
    select min(day) as first, max(day) as last from analytics_daily_counts where dimension = 'page'`.execute(db);
  const { first: firstDay, last: lastDay } = bounds.rows[0] ?? { first: null, last: null };
  if (!firstDay || !lastDay) return;
  const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
  const dayOf = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);
  const first = dayNumber(firstDay);
  const last = dayNumber(lastDay);
  for (let level = 1; level <= LEVELS; level += 1) {
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

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_span_pages').execute();
}
