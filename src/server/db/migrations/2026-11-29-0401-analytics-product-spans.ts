import type { Kysely } from 'kysely';
import { fillSpans } from './helpers/fill-spans-2026-11-29';

/**
 * Product figures over spans of 2, 4, … 512 site days (decision 060, amended
 * 2026-11-29): level k holds the sums of `analytics_daily_products` over the
 * 2^k days starting at day number `start` (days since 1970-01-01, a multiple
 * of 2^k). Any range is a handful of whole spans plus a few single days, so
 * the top products of 30 days read ~60,000 rows, not 300,000. Derived from the
 * daily product summaries (filled here from them, rebuilt by a restore).
 * Filled in windows of days (helpers/fill-spans-2026-11-29.ts): one statement
 * per level risked PostgreSQL's 10 s limit on a large site.
 * Frozen in time: migrations never import application code.
 */

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
  await fillSpans(db, {
    spans: 'analytics_span_products',
    daily: 'analytics_daily_products',
    keys: [['product_id', 'product_id']],
    sums: [['views', 'views'], ['buy_clicks', 'buy_clicks']],
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_span_products').execute();
}
