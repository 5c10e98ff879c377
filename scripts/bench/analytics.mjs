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
  // The product spans of 2–512 days the top products are read from (decision 060, amended 2026-11-29), from the daily rows.
  const spans = Array.from({ length: 9 }, (_, index) => 2 ** (index + 1)).map(
    (size) => `insert into analytics_span_products (level, start, product_id, views, buy_clicks)
     select ${Math.log2(size)}, (${dayNumber('day')} / ${size}) * ${size} as span_start, product_id, sum(views), sum(buy_clicks)
     from analytics_daily_products group by span_start, product_id`,
  );
  // The page spans the top pages are read from, likewise from the daily page counts.
  const pageSpans = Array.from({ length: 9 }, (_, index) => 2 ** (index + 1)).map(
    (size) => `insert into analytics_span_pages (level, start, path, views)
     select ${Math.log2(size)}, (${dayNumber('day')} / ${size}) * ${size} as span_start, name, sum(count)
     from analytics_daily_counts where dimension = 'page' group by span_start, name`,
  );
  return [
    `insert into analytics_daily (day, visitors, pageviews, buy_clicks)
     select ${day('d.n')}, 800 + ${random(400)}, 3000 + ${random(2000)}, 60 + ${random(60)} from ${days}`,
    // Every product on every day of 25 months.
    `insert into analytics_daily_products (day, product_id, views, buy_clicks)
     select ${day('d.n')}, p.id, ${random(20)}, ${random(3)} from ${days} cross join products p`,
    `insert into analytics_daily_counts (day, dimension, name, count)
     select ${day('d.n')}, 'page', '/product/course-' || k.n, 1 + ${random(50)} from ${days} cross join ${series(200, 'k')}`,
    `insert into analytics_daily_counts (day, dimension, name, count)
     select ${day('d.n')}, 'referrer', 'site-' || k.n || '.example.com', 1 + ${random(30)} from ${days} cross join ${series(50, 'k')}`,
    `insert into analytics_daily_counts (day, dimension, name, count)
     select ${day('d.n')}, 'campaign', '["news","email","issue-' || k.n || '"]', 1 + ${random(10)} from ${days} cross join ${series(20, 'k')}`,
    ...spans,
    ...pageSpans,
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
 * The dashboard's first reads for the last 30 days (what the screen asks
 * first: the period and the one before it, the top products, referrers and
 * the breakdown), then the summary of 90 and 731 days: p50/p95 ms of `runs`
 * sequential answers each, after two warm-ups.
 */
export async function dashboardTimes(port, token, runs = 40) {
  const today = localToday();
  const back = (days) => {
    const date = new Date(`${today}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() - days);
    return date.toISOString().slice(0, 10);
  };
  const last30 = `from=${back(29)}&to=${today}`;
  const reads = {
    'summary 30 days': `/api/analytics/summary?${last30}`,
    'summary, previous 30 days': `/api/analytics/summary?from=${back(59)}&to=${back(30)}`,
    'top 10 products by views, 30 days': `/api/analytics/products?${last30}&sort=views&limit=10`,
    'top 10 products by CTR, 30 days': `/api/analytics/products?${last30}&sort=ctr&limit=10`,
    'referrers 30 days': `/api/analytics/referrers?${last30}`,
    'breakdown 30 days': `/api/analytics/breakdown?${last30}`,
    'summary 90 days': `/api/analytics/summary?from=${back(89)}&to=${today}`,
    'summary 731 days': `/api/analytics/summary?from=${back(730)}&to=${today}`,
    'top 10 products by views, 90 days': `/api/analytics/products?from=${back(89)}&to=${today}&sort=views&limit=10`,
  };
  const results = {};
  for (const [name, url] of Object.entries(reads)) {
    const times = [];
    for (let i = 0; i < runs + 2; i += 1) {
      const t0 = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      if (i >= 2) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    results[name] = { p50: percentile(times, 50), p95: percentile(times, 95) };
  }
  return results;
}
