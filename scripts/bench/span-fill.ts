// How long the span tables take to fill at scale, under the pool's limits (decision 060, amended
// 2026-11-29): a fresh database with `--products` products' and pages' daily rows and `--referrers`
// referrer hosts on every day of 25 months (761 days), then, each in one transaction as the migrator
// and a restore run them, the three span migrations' fills (2026-11-29-0401 products, -1101 pages,
// -1321 categories, referrers and campaigns) and a restore's rebuild of all three. Every statement runs
// under PostgreSQL's 10 s limit (decision 010): a fill that finishes stayed within it. Then a restore's
// emptying of the daily summaries, one delete per table beside deletes in bounded statements (decision 080),
// each in a transaction rolled back; `--empty-only` measures just that, `--skip-rebuilds` leaves out the rebuilds.
//   npx tsx scripts/bench/span-fill.ts [--products 10000] [--referrers 500] [--empty-only] [--skip-rebuilds]   (BENCH_DATABASE_URL: PostgreSQL)
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql, type Migration } from 'kysely';
import { knownMigrations } from '../../src/server/db/database';
import { rebuildSpans, SPAN_TABLES } from '../../src/server/modules/analytics/spans';
import { siteDay } from '../../src/server/modules/analytics/site-day';
import { DAILY_SUMMARY_TABLES, emptyDailySummaries } from '../../src/server/modules/analytics/daily-summaries';
import { freshDatabase } from './fresh-database';

const { values: args } = parseArgs({
  options: { products: { type: 'string', default: '10000' }, referrers: { type: 'string', default: '500' }, 'empty-only': { type: 'boolean', default: false }, 'skip-rebuilds': { type: 'boolean', default: false } },
});
const PRODUCTS = Number(args.products);
const REFERRERS = Number(args.referrers);
const DAYS = 761;

const database = await freshDatabase();
const { db, kind } = database;
const load = () => os.loadavg().map((n) => n.toFixed(1)).join(', ');
try {
  const today = siteDay(Date.now());
  let started = performance.now();
  // The daily rows every span table is made from, without the pool's limits (seeding is not what is measured).
  const seed = (day: (n: string) => string, series: (count: number, alias: string) => string, random: (max: number) => string) => [
    `insert into analytics_daily_products (day, product_id, views, buy_clicks)
     select ${day('d.n')}, 'product-' || k.n, ${random(20)}, ${random(3)} from ${series(DAYS, 'd')} cross join ${series(PRODUCTS, 'k')}`,
    `insert into analytics_daily_counts (day, dimension, name, count)
     select ${day('d.n')}, 'page', '/product/course-' || k.n, 1 + ${random(50)} from ${series(DAYS, 'd')} cross join ${series(PRODUCTS, 'k')}`,
    `insert into analytics_daily_counts (day, dimension, name, count)
     select ${day('d.n')}, 'referrer', 'site-' || k.n || '.example.com', 1 + ${random(30)} from ${series(DAYS, 'd')} cross join ${series(REFERRERS, 'k')}`,
    `insert into analytics_daily_counts (day, dimension, name, count)
     select ${day('d.n')}, 'campaign', '["news","email","issue-' || k.n || '"]', 1 + ${random(10)} from ${series(DAYS, 'd')} cross join ${series(50, 'k')}`,
    `insert into analytics_daily_counts (day, dimension, name, count)
     select ${day('d.n')}, 'category', 'category-' || k.n, 1 + ${random(500)} from ${series(DAYS, 'd')} cross join ${series(100, 'k')}`,
  ];
  await database.seed(
    kind === 'sqlite'
      ? seed(
          (n) => `date('${today}', '-' || ${n} || ' days')`,
          (count, alias) => `(with recursive s(n) as (select 0 union all select n + 1 from s where n < ${count - 1}) select n from s) ${alias}`,
          (max) => `abs(random() % ${max})`,
        )
      : seed((n) => `to_char(date '${today}' - ${n}, 'YYYY-MM-DD')`, (count, alias) => `generate_series(0, ${count - 1}) ${alias}(n)`, (max) => `floor(random() * ${max})::int`),
  );
  await sql`analyze`.execute(db);
  console.log(`${kind}: ${PRODUCTS} products and pages, ${REFERRERS} referrers, 50 campaigns, 100 categories × ${DAYS} days seeded in ${((performance.now() - started) / 1000).toFixed(1)} s [load ${load()}]`);

  const migrations = knownMigrations();
  const fills: Array<[string, string, Migration]> = [
    ['analytics_span_products', '2026-11-29-0401-analytics-product-spans', migrations['2026-11-29-0401-analytics-product-spans']!],
    ['analytics_span_pages', '2026-11-29-1101-analytics-page-spans', migrations['2026-11-29-1101-analytics-page-spans']!],
    ['analytics_span_counts', '2026-11-29-1321-analytics-span-counts', migrations['2026-11-29-1321-analytics-span-counts']!],
  ];
  for (const [table, migration, { up }] of args['empty-only'] ? [] : fills) {
    await db.schema.dropTable(table).execute();
    started = performance.now();
    await db.transaction().execute((trx) => up(trx));
    const rows = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    console.log(`migration ${migration}: ${Number(rows.rows[0]!.n)} span rows in ${((performance.now() - started) / 1000).toFixed(1)} s [load ${load()}]`);
  }
  for (const table of args['empty-only'] || args['skip-rebuilds'] ? [] : SPAN_TABLES) {
    started = performance.now();
    await db.transaction().execute((trx) => rebuildSpans(trx, [table]));
    console.log(`restore's rebuild of ${table} (emptied, then filled): ${((performance.now() - started) / 1000).toFixed(1)} s [load ${load()}]`);
  }
  // A restore's emptying of the daily summaries, rolled back each time so that both ways delete the same rows.
  const rolledBack = new Error('rolled back');
  const timed = async (label: string, work: (trx: typeof db) => Promise<unknown>) => {
    started = performance.now();
    let failure = '';
    await db
      .transaction()
      .execute(async (trx) => {
        await work(trx);
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) failure = `, failed: ${error instanceof Error ? error.message : String(error)}`;
      });
    console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s${failure} [load ${load()}]`);
  };
  for (const table of DAILY_SUMMARY_TABLES) {
    const rows = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    await timed(`${table} (${Number(rows.rows[0]!.n)} rows), one delete`, (trx) => trx.deleteFrom(table).execute());
    await timed(`${table}, in bounded statements`, (trx) => emptyDailySummaries(trx, table));
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await database.close();
}
