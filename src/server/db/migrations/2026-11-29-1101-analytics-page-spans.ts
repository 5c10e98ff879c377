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
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Filling from 25 months of daily counts may outlast the pool's 10 s statement limit (decision 010);
  // migrations run in one transaction on PostgreSQL, so the limit is lifted for this one only.
  if (postgres) await sql`set local statement_timeout = 0`.execute(db);
  const dayNumber =
    postgres ? sql`(cast(day as date) - date '1970-01-01')` : sql`cast(julianday(day) - 2440587.5 as integer)`;
  for (let level = 1; level <= LEVELS; level += 1) {
    const size = 2 ** level;
    await sql`insert into analytics_span_pages (level, start, path, views)
      select ${sql.lit(level)}, (${dayNumber} / ${sql.lit(size)}) * ${sql.lit(size)} as span_start, name, sum(count)
      from analytics_daily_counts where dimension = 'page' group by span_start, name`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_span_pages').execute();
}
