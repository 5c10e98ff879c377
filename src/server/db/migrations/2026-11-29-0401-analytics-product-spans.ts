import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Product figures over spans of 2, 4, … 512 site days (decision 060, amended
 * 2026-11-29): level k holds the sums of `analytics_daily_products` over the
 * 2^k days starting at day number `start` (days since 1970-01-01, a multiple
 * of 2^k). Any range is a handful of whole spans plus a few single days, so
 * the top products of 30 days read ~60,000 rows, not 300,000. Derived from the
 * daily product summaries (filled here from them, rebuilt by a restore).
 * Frozen in time: migrations never import application code.
 */
const LEVELS = 9;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_span_products')
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('start', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addColumn('buy_clicks', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_span_products_pk', ['level', 'start', 'product_id'])
    .execute();
  const dayNumber =
    db.getExecutor().adapter instanceof PostgresAdapter ? sql`(cast(day as date) - date '1970-01-01')` : sql`cast(julianday(day) - 2440587.5 as integer)`;
  for (let level = 1; level <= LEVELS; level += 1) {
    const size = 2 ** level;
    await sql`insert into analytics_span_products (level, start, product_id, views, buy_clicks)
      select ${sql.lit(level)}, (${dayNumber} / ${sql.lit(size)}) * ${sql.lit(size)} as span_start, product_id, sum(views), sum(buy_clicks)
      from analytics_daily_products group by span_start, product_id`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_span_products').execute();
}
