import type { Kysely } from 'kysely';

/**
 * The site's own analytics (issue 27, decision 060). Raw events live 30 days;
 * the daily summaries, added to as each batch of events is written, live 25
 * months and are what the dashboard reads. Days are the site's days (`TZ`),
 * `YYYY-MM-DD`. No column holds an address or a user agent: `visitor` is a
 * hash salted with the day's salt, which is deleted when its day is over.
 * Frozen in time: migrations never import application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_salts')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('salt', 'varchar(64)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('at', 'varchar(40)', (c) => c.notNull())
    // 'view' | 'buy'
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('visitor', 'varchar(32)', (c) => c.notNull())
    .addColumn('path', 'varchar(300)', (c) => c.notNull())
    .addColumn('product_id', 'varchar(36)')
    .addColumn('category_id', 'varchar(36)')
    .addColumn('referrer_host', 'varchar(255)')
    .addColumn('utm_source', 'varchar(100)')
    .addColumn('utm_medium', 'varchar(100)')
    .addColumn('utm_campaign', 'varchar(100)')
    // Identical answers of one batch (a visitor reloading a page) are one row with their number.
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('analytics_events_day_idx').on('analytics_events').column('day').execute();

  // The day's visitors, to count each once a day (insert-or-ignore is atomic across copies).
  await db.schema
    .createTable('analytics_visitors')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('visitor', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_visitors_pk', ['day', 'visitor'])
    .execute();

  await db.schema
    .createTable('analytics_daily')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('visitors', 'integer', (c) => c.notNull())
    .addColumn('pageviews', 'integer', (c) => c.notNull())
    .addColumn('buy_clicks', 'integer', (c) => c.notNull())
    .execute();

  // Keyed by product id: a slug change keeps the figures.
  await db.schema
    .createTable('analytics_daily_products')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('product_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addColumn('buy_clicks', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_daily_products_pk', ['day', 'product_id'])
    .execute();
  await db.schema
    .createIndex('analytics_daily_products_product_idx')
    .on('analytics_daily_products')
    .columns(['product_id', 'day'])
    .execute();

  // Pages (path), categories (id), referrers (host) and campaigns (source, medium, campaign as JSON) per day.
  await db.schema
    .createTable('analytics_daily_counts')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('dimension', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(400)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_daily_counts_pk', ['dimension', 'day', 'name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['analytics_daily_counts', 'analytics_daily_products', 'analytics_daily', 'analytics_visitors', 'analytics_events', 'analytics_salts']) {
    await db.schema.dropTable(table).execute();
  }
}
