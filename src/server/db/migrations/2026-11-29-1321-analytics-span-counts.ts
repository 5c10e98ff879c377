import type { Kysely } from 'kysely';
import { fillSpans } from './helpers/fill-spans-2026-11-29';

/**
 * Categories', referrers' and campaigns' daily counts over spans of 2, 4, …
 * 512 site days, as the product and page spans (migrations 2026-11-29-0401 and
 * -1101; decision 060, amended 2026-11-29): level k holds the sums of the
 * `category`, `referrer` and `campaign` rows of `analytics_daily_counts` over
 * the 2^k days from day number `start`, so the dashboard reads a range's
 * top names from a handful of rows per name, not one per day. One table keyed
 * by dimension, mirroring the daily counts: a new dimension needs no new
 * table. Derived (filled here, rebuilt by a restore). Expand only: a new
 * table. Frozen in time: migrations never import application code.
 */
const DIMENSIONS = ['category', 'referrer', 'campaign'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_span_counts')
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('start', 'integer', (c) => c.notNull())
    .addColumn('dimension', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(400)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_span_counts_pk', ['level', 'start', 'dimension', 'name'])
    .execute();
  // One dimension at a time: each statement reads one dimension's days along the daily counts' key.
  for (const dimension of DIMENSIONS) {
    await fillSpans(db, { spans: 'analytics_span_counts', daily: 'analytics_daily_counts', dimension, spansByDimension: true, keys: [['name', 'name']], sums: [['count', 'count']] });
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_span_counts').execute();
}
