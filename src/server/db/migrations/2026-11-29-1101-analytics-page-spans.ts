import type { Kysely } from 'kysely';
import { fillSpans } from './helpers/fill-spans-2026-11-29';

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
  await fillSpans(db, { spans: 'analytics_span_pages', daily: 'analytics_daily_counts', dimension: 'page', keys: [['path', 'name']], sums: [['views', 'count']] });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_span_pages').execute();
}
