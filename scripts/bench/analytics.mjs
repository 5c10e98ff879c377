// The analytics bench (issue 27, decision 060): what counting costs the cached
// product page (counting on vs off), and the dashboard's first figures with 25
// months of daily summaries for every product and 10 million raw events in the
// last 30 days, seeded in bulk (one INSERT … SELECT each: a recursive CTE on
// SQLite, generate_series on PostgreSQL).
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/** A browser's user agent: the site counts its views (the bench client's own would be left out as no browser). */
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
/** 25 months of days, today included. */
export const SUMMARY_DAYS = 761;
const RAW_DAYS = 30;
/** Referrer hosts and campaigns with visits on every day: a long tail, so that long ranges sum many rows. */
const REFERRERS = 500;
const CAMPAIGNS = 50;

/** The site's today as the server computes it (the process's TZ). */
export function localToday() {
  const date = new Date();
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/**
 * Statements shared by both databases: `day(n)` is the SQL of the day n days before today, `series(count, alias)`
 * a FROM item of the numbers 0..count-1 in column `n`, `random(max)` a whole number below max.
 */
const statements = ({ day, series, random, dayNumber }) => {
  const days = series(SUMMARY_DAYS, 'd');
  const levels = Array.from({ length: 9 }, (_, index) => 2 ** (index + 1));
  // The product spans of 2–512 days the top products are read from (decision 060, amended 2026-11-29), from the daily rows.
  const spans = levels.map(
    (size) => `insert into analytics_span_products (level, start, product_id, views, buy_clicks)
     select ${Math.log2(size)}, (${dayNumber('day')} / ${size}) * ${size} as span_start, product_id, sum(views), sum(buy_clicks)
     from analytics_daily_products group by span_start, product_id`,
  );
  // The page spans the top pages are read from, likewise from the daily page counts.
  const pageSpans = levels.map(
    (size) => `insert into analytics_span_pages (level, start, path, views)
     select ${Math.log2(size)}, (${dayNumber('day')} / ${size}) * ${size} as span_start, name, sum(count)
     from analytics_daily_counts where dimension = 'page' group by span_start, name`,
  );
  // The spans of categories, referrers and campaigns, from their daily counts.
  const countSpans = levels.map(
    (size) => `insert into analytics_span_counts (level, start, dimension, name, count)
     select ${Math.log2(size)}, (${dayNumber('day')} / ${size}) * ${size} as span_start, dimension, name, sum(count)
     from analytics_daily_counts where dimension in ('category', 'referrer', 'campaign') group by span_start, dimension, name`,
  );
  return [
    `insert into analytics_daily (day, visitors, pageviews, buy_clicks)
     select ${day('d.n')}, 800 + ${random(400)}, 3000 + ${random(2000)}, 60 + ${random(60)} from ${days}`,
    // Every product on every day of 25 months.
    `insert into analytics_daily_products (day, product_id, views, buy_clicks)
     select ${day('d.n')}, p.id, ${random(20)}, ${random(3)} from ${days} cross join products p`,
    // A page per product on every day (the top pages' worst case).
    `insert into analytics_daily_counts (day, dimension, name, count)
     select ${day('d.n')}, 'page', '/product/' || p.slug, 1 + ${random(50)} from ${days} cross join products p`,
    `insert into analytics_daily_counts (day, dimension, name, count)
     select ${day('d.n')}, 'category', c.id, 1 + ${random(500)} from ${days} cross join categories c`,
    `insert into analytics_daily_counts (day, dimension, name, count)
     select ${day('d.n')}, 'referrer', 'site-' || k.n || '.example.com', 1 + ${random(30)} from ${days} cross join ${series(REFERRERS, 'k')}`,
    `insert into analytics_daily_counts (day, dimension, name, count)
     select ${day('d.n')}, 'campaign', '["news","email","issue-' || k.n || '"]', 1 + ${random(10)} from ${days} cross join ${series(CAMPAIGNS, 'k')}`,
    ...spans,
    ...pageSpans,
    ...countSpans,
  ];
};

/** Summaries and raw events into a migrated SQLite file whose products are in place. */
export function seedAnalyticsSqlite(dataDir, events) {
  const db = new SQLite(path.join(dataDir, 'showcase.db'));
  db.pragma('journal_mode = WAL');
  const today = localToday();
  const day = (n) => `date('${today}', '-' || ${n} || ' days')`;
  const series = (count, name) => `(with recursive s(n) as (select 0 union all select n + 1 from s where n < ${count - 1}) select n from s) ${name}`;
  const random = (max) => `abs(random() % ${max})`;
  const dayNumber = (column) => `cast(julianday(${column}) - 2440587.5 as integer)`;
  const started = performance.now();
  db.transaction(() => {
    for (const statement of statements({ day, series, random, dayNumber })) db.exec(statement);
    db.exec(`insert into analytics_events (day, at, kind, visitor, path, product_id, category_id, referrer_host, utm_source, utm_medium, utm_campaign)
      with recursive e(n) as (select 0 union all select n + 1 from e where n < ${events - 1})
      select ${day(`(n % ${RAW_DAYS})`)}, '${today}T12:00:00.000Z', case when n % 40 = 0 then 'buy' else 'view' end,
             substr(hex(n * 2654435761), 1, 22), '/product/course-' || (n % 10000), null, null, null, null, null, null from e`);
  })();
  db.exec('analyze');
  db.close();
  return performance.now() - started;
}

/** The same on PostgreSQL: products made with generate_series too (the server has migrated the database). */
export async function seedAnalyticsPostgres(url, products, events) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const today = localToday();
  const day = (n) => `to_char(date '${today}' - ${n}, 'YYYY-MM-DD')`;
  const series = (count, name) => `generate_series(0, ${count - 1}) ${name}(n)`;
  const random = (max) => `floor(random() * ${max})::int`;
  const dayNumber = (column) => `(cast(${column} as date) - date '1970-01-01')`;
  const started = performance.now();
  await client.query(`insert into products (id, slug, title, duration, main_image, buy_link, description, intro_video, hero_config, gallery, sort_order, dark_mode, created_at, updated_at)
    select 'bench-' || n, 'course-' || n, 'Course ' || n, '2 hours - 12 lessons', '/uploads/cover.jpg', 'https://shop.example.com/buy', '<p>Lessons</p>',
           '', '{"title":"","description":"","textColor":"#ffffff"}', '[]', n, 0, now()::text, now()::text from generate_series(0, ${products - 1}) n`);
  // As many categories as the SQLite catalogue has (bench/seed.mjs).
  await client.query(`insert into categories (id, slug, title, description, sort_order, tile_image, tile_video, hover_image, empty_image, items_per_row, hero_config, created_at, updated_at)
    select 'bench-category-' || n, 'topic-' || n, 'Topic ' || n, 'All about it', n, '/uploads/tile.jpg', '', '', '', 3,
           '{"title":"","description":"","textColor":"#ffffff"}', now()::text, now()::text from generate_series(0, 5) n`);
  for (const statement of statements({ day, series, random, dayNumber })) await client.query(statement);
  await client.query(`insert into analytics_events (day, at, kind, visitor, path, product_id, category_id, referrer_host, utm_source, utm_medium, utm_campaign)
    select ${day(`(n % ${RAW_DAYS})`)}, '${today}T12:00:00.000Z', case when n % 40 = 0 then 'buy' else 'view' end,
           substr(md5(n::text), 1, 22), '/product/course-' || (n % 10000), null, null, null, null, null, null from generate_series(0, ${events - 1}) n`);
  await client.query('analyze');
  await client.end();
  return performance.now() - started;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Every call the dashboard makes when it opens on a range (site-day, the
 * period's and the previous period's summary, the top products by views,
 * clicks and click-through rate, referrers, the breakdown), for the presets of
 * 7, 30 and 90 days and the longest custom range (731 days): p50/p95 ms of
 * `runs` sequential answers each, after `warmUps` (each worker's first answers
 * of a route compile its code). The screen shows its first figures when its
 * slowest call has answered.
 */
export async function dashboardTimes(port, token, runs = 30, warmUps = 4) {
  const today = localToday();
  const back = (days) => {
    const date = new Date(`${today}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() - days);
    return date.toISOString().slice(0, 10);
  };
  const reads = { 'site-day': '/api/analytics/site-day' };
  for (const days of [7, 30, 90, 731]) {
    const range = `from=${back(days - 1)}&to=${today}`;
    reads[`summary ${days} days`] = `/api/analytics/summary?${range}`;
    reads[`summary, previous ${days} days`] = `/api/analytics/summary?from=${back(2 * days - 1)}&to=${back(days)}`;
    for (const sort of ['views', 'buyClicks', 'ctr']) reads[`top 10 products by ${sort}, ${days} days`] = `/api/analytics/products?${range}&sort=${sort}&limit=10`;
    reads[`referrers ${days} days`] = `/api/analytics/referrers?${range}`;
    reads[`breakdown ${days} days`] = `/api/analytics/breakdown?${range}`;
  }
  const results = {};
  for (const [name, url] of Object.entries(reads)) {
    const times = [];
    for (let i = 0; i < runs + warmUps; i += 1) {
      const t0 = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      if (i >= warmUps) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    results[name] = { p50: percentile(times, 50), p95: percentile(times, 95) };
  }
  return results;
}
