// Top pages from spans vs from daily rows, side by side in one process (decision 060,
// amended 2026-11-29): a fresh database with `--paths` page paths viewed on every day of
// 25 months (761 days), the page spans built as a restore builds them, then the
// dashboard's top 20 pages of 30, 90 and 731 days read both ways, alternately.
//   npx tsx scripts/bench/top-pages.ts [--paths 10000] [--runs 7]   (BENCH_DATABASE_URL: PostgreSQL)
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { readTopPages } from '../../src/server/modules/analytics/analytics.reads';
import { rebuildSpans } from '../../src/server/modules/analytics/spans';
import { addDays, siteDay } from '../../src/server/modules/analytics/site-day';
import { freshDatabase } from './fresh-database';

const { values: args } = parseArgs({ options: { paths: { type: 'string', default: '10000' }, runs: { type: 'string', default: '7' } } });
const PATHS = Number(args.paths);
const RUNS = Number(args.runs);
const DAYS = 761;

const database = await freshDatabase();
const { db, kind } = database;
try {
  const today = siteDay(Date.now());
  let started = performance.now();
  await database.seed([
    kind === 'sqlite'
      ? `insert into analytics_daily_counts (day, dimension, name, count)
         with recursive d(n) as (select 0 union all select n + 1 from d where n < ${DAYS - 1}),
                        k(n) as (select 0 union all select n + 1 from k where n < ${PATHS - 1})
         select date('${today}', '-' || d.n || ' days'), 'page', '/product/course-' || k.n, 1 + abs(random() % 50) from d cross join k`
      : `insert into analytics_daily_counts (day, dimension, name, count)
         select to_char(date '${today}' - d.n, 'YYYY-MM-DD'), 'page', '/product/course-' || k.n, 1 + floor(random() * 50)::int
         from generate_series(0, ${DAYS - 1}) d(n) cross join generate_series(0, ${PATHS - 1}) k(n)`,
  ]);
  const seedMs = performance.now() - started;
  started = performance.now();
  // As a restore rebuilds them: in a transaction, under the pool's limits.
  await db.transaction().execute(async (trx) => {
    await rebuildSpans(trx, ['analytics_span_pages']);
  });
  const spansMs = performance.now() - started;
  await sql`analyze`.execute(db);
  const spanRows = await db.selectFrom('analytics_span_pages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  console.log(`${kind}: ${PATHS} paths × ${DAYS} days = ${PATHS * DAYS} daily page rows (seeded in ${(seedMs / 1000).toFixed(1)} s); ${Number(spanRows.n)} span rows built in ${(spansMs / 1000).toFixed(1)} s`);

  /** The read before the spans: the range's daily page rows summed per path. */
  const fromDaily = async (from: string, to: string) => {
    const result = await sql<{ name: string; total: number | string }>`
      select name, sum(count) as total from analytics_daily_counts
      where dimension = 'page' and day >= ${from} and day <= ${to}
      group by name order by total desc, name limit 20`.execute(db);
    return result.rows.map((row) => ({ path: row.name, views: Number(row.total) }));
  };
  const time = async <T>(read: () => Promise<T>) => {
    const t0 = performance.now();
    const value = await read();
    return { ms: performance.now() - t0, value };
  };
  const span = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return `${sorted[0]!.toFixed(0)}–${sorted.at(-1)!.toFixed(0)} ms (median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)})`;
  };
  for (const days of [30, 90, 731]) {
    const from = addDays(today, -(days - 1));
    const spans: number[] = [];
    const daily: number[] = [];
    let same = true;
    for (let run = 0; run < RUNS + 1; run += 1) {
      const a = await time(() => readTopPages(db, { from, to: today }, 20, today));
      const b = await time(() => fromDaily(from, today).catch((error: Error) => error));
      if (b.value instanceof Error) {
        console.log(`top 20 pages of ${days} days from daily rows: ${b.value.message}`);
        b.ms = Number.NaN;
      }
      same &&= JSON.stringify(a.value.pages) === JSON.stringify(b.value);
      if (run === 0) continue; // a warm-up each
      spans.push(a.ms);
      daily.push(b.ms);
    }
    const ratio = daily.sort((x, y) => x - y)[Math.floor(RUNS / 2)]! / spans.sort((x, y) => x - y)[Math.floor(RUNS / 2)]!;
    console.log(`top 20 pages of ${days} days: spans ${span(spans)} vs daily rows ${span(daily)}; median ratio ${ratio.toFixed(1)}×; same top 20: ${same}`);
  }
  console.log(`load average at the end: ${os.loadavg().map((n) => n.toFixed(1)).join(', ')}`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await database.close();
}
