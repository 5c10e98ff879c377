import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Figures over aligned spans of 2^level site days (levels 1–9: 2 to 512
 * days), kept beside the daily summaries so that a range of days is read as a
 * few whole spans and a few single days: 30 days are ~6 reads of at most one
 * row per product (page, referrer…) instead of 30, 731 days ~10 instead of 731
 * (decision 060, amended 2026-11-29). Level k holds the sums over the 2^k days
 * from day number `start` (days since 1970-01-01, a multiple of 2^k). Three
 * span tables, one filler: products (from `analytics_daily_products`), pages
 * (the `page` daily counts) and the other daily counts (categories, referrers,
 * campaigns). Derived: added to in the same transaction as the daily rows,
 * pruned with them, rebuilt from them by a restore.
 */
export const SPAN_LEVELS = 9;

const DAY_MS = 86_400_000;
/** Days since 1970-01-01 of a site day (`YYYY-MM-DD`, calendar arithmetic). */
export const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
export const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

export type RangeCover = { days: string[]; spans: Array<{ level: number; start: number }> };

/**
 * The fewest aligned spans and single days that make up `from`..`to`. Spans
 * are used only from `firstSpanDay` on (the first day summaries are kept:
 * retention drops the spans that reach before it); days before it are read
 * one by one.
 */
export function coverRange(from: string, to: string, firstSpanDay: string): RangeCover {
  const cover: RangeCover = { days: [], spans: [] };
  let day = dayNumber(from);
  const last = dayNumber(to);
  const spansFrom = dayNumber(firstSpanDay);
  while (day <= last) {
    let level = 0;
    if (day >= spansFrom) {
      while (level < SPAN_LEVELS && day % 2 ** (level + 1) === 0 && day + 2 ** (level + 1) - 1 <= last) level += 1;
    }
    if (level === 0) cover.days.push(dayOf(day));
    else cover.spans.push({ level, start: day });
    day += 2 ** level;
  }
  return cover;
}

type Span = { level: number; start: number };

/** What some daily rows add to the spans that hold their days: rows with the same `keys` and span are summed, in key order. */
export function spanRows<Row extends { day: string }, Key extends keyof Row & string, Sum extends keyof Row & string>(
  rows: Row[],
  keys: Key[],
  sums: Sum[],
): Array<Span & Pick<Row, Key | Sum>> {
  const spans = new Map<string, Span & Record<string, unknown>>();
  for (const row of rows) {
    const number = dayNumber(row.day);
    for (let level = 1; level <= SPAN_LEVELS; level += 1) {
      const start = Math.floor(number / 2 ** level) * 2 ** level;
      const key = JSON.stringify([level, start, ...keys.map((name) => row[name])]);
      const span = spans.get(key);
      if (span) for (const name of sums) span[name] = (span[name] as number) + (row[name] as number);
      else {
        const made: Span & Record<string, unknown> = { level, start };
        for (const name of [...keys, ...sums]) made[name] = row[name];
        spans.set(key, made);
      }
    }
  }
  // In the order of their key: concurrent batches lock shared span rows in the same order (no deadlock).
  return [...spans.keys()].sort().map((key) => spans.get(key)!) as Array<Span & Pick<Row, Key | Sum>>;
}

/** A span table and the daily rows it sums: `[span column, daily column]` pairs for its keys and sums. */
type SpanSource = {
  spans: 'analytics_span_products' | 'analytics_span_pages' | 'analytics_span_counts';
  daily: 'analytics_daily_products' | 'analytics_daily_counts';
  /** Only the daily counts of this dimension. */
  dimension?: string;
  /** The span table keeps the dimension in its own `dimension` column (then each dimension is filled on its own). */
  spansByDimension?: boolean;
  keys: Array<[string, string]>;
  sums: Array<[string, string]>;
};

/** The dimensions of the daily counts kept in `analytics_span_counts` (pages have their own span table). */
export const COUNT_SPAN_DIMENSIONS = ['category', 'referrer', 'campaign'] as const;

export const SPAN_SOURCES: Record<SpanSource['spans'], SpanSource[]> = {
  analytics_span_products: [
    { spans: 'analytics_span_products', daily: 'analytics_daily_products', keys: [['product_id', 'product_id']], sums: [['views', 'views'], ['buy_clicks', 'buy_clicks']] },
  ],
  analytics_span_pages: [{ spans: 'analytics_span_pages', daily: 'analytics_daily_counts', dimension: 'page', keys: [['path', 'name']], sums: [['views', 'count']] }],
  analytics_span_counts: COUNT_SPAN_DIMENSIONS.map((dimension) => ({
    spans: 'analytics_span_counts' as const,
    daily: 'analytics_daily_counts' as const,
    dimension,
    spansByDimension: true,
    keys: [['name', 'name']] as Array<[string, string]>,
    sums: [['count', 'count']] as Array<[string, string]>,
  })),
};

export type SpanTable = keyof typeof SPAN_SOURCES;
export const SPAN_TABLES = Object.keys(SPAN_SOURCES) as SpanTable[];

/** Spans that reach before `firstKept` (retention deleted some of their days): level by level, along the key. */
export async function pruneSpans(db: Db, firstKept: string): Promise<void> {
  const first = dayNumber(firstKept);
  for (const table of SPAN_TABLES) {
    for (let level = 1; level <= SPAN_LEVELS; level += 1) {
      await db.deleteFrom(table).where('level', '=', level).where('start', '<', first).execute();
    }
  }
}

/**
 * The spans made again from the daily summaries (after a restore): every span table, or the ones named.
 * `statementRows`: about how many rows one statement reads (a test makes it small to cross many windows).
 */
export async function rebuildSpans(db: Db, tables: SpanTable[] = SPAN_TABLES, statementRows = STATEMENT_ROWS): Promise<void> {
  for (const table of tables) {
    await emptySpans(db, table, statementRows);
    for (const source of SPAN_SOURCES[table]) await fillSpans(db, source, statementRows);
  }
}

/** Deletes a span table's rows level by level, in windows like the fill's: one delete of millions of rows could outlast the 10 s limit too. */
async function emptySpans(db: Db, table: SpanTable, statementRows: number): Promise<void> {
  const bounds = await db
    .selectFrom(table)
    .select((eb) => [eb.fn.min<number | null>('start').as('first'), eb.fn.max<number | null>('start').as('last')])
    .executeTakeFirst();
  if (bounds?.first === null || bounds?.first === undefined || bounds.last === null) return;
  const first = Number(bounds.first);
  const last = Number(bounds.last);
  // Rows of a level-1 span (two days) at a few starts spread over the table: level k has half as many a day as level k - 1.
  let perSpan = 1;
  for (let i = 0; i <= 4; i += 1) {
    const start = Math.floor((first + ((last - first) * i) / 4) / 2) * 2;
    const counted = await db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).where('level', '=', 1).where('start', '=', start).executeTakeFirst();
    perSpan = Math.max(perSpan, Number(counted?.n ?? 0));
  }
  for (let level = 1; level <= SPAN_LEVELS; level += 1) {
    const window = windowDays(2 ** level, perSpan / 2 ** level, statementRows);
    for (let from = Math.floor(first / window) * window; from <= last; from += window) {
      await db.deleteFrom(table).where('level', '=', level).where('start', '>=', from).where('start', '<', from + window).execute();
    }
  }
  // Anything outside the levels kept (none is ever written) would not be covered above.
  await db.deleteFrom(table).execute();
}

/** Rows a statement reads at most, about: ~1 s on PostgreSQL on a busy machine, far from its 10 s limit. */
export const STATEMENT_ROWS = 100_000;

/**
 * Days of one statement: a multiple of the span (`minimum` days, a power of two) holding at most
 * STATEMENT_ROWS rows at `rowsPerDay` (or one span, when even that holds more).
 */
export const windowDays = (minimum: number, rowsPerDay: number, statementRows = STATEMENT_ROWS) => {
  let days = minimum;
  while (days < 4096 && days * 2 * rowsPerDay <= statementRows) days *= 2;
  return days;
};

/** The most daily rows of a day among a few days spread over the range (each counted along the key). */
async function rowsPerDay(db: Db, source: SpanSource, first: number, last: number): Promise<number> {
  const ofDimension = source.dimension === undefined ? sql`` : sql`and dimension = ${source.dimension}`;
  let most = 1;
  for (let i = 0; i <= 4; i += 1) {
    const day = dayOf(first + Math.round(((last - first) * i) / 4));
    const counted = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(source.daily)} where day = ${day} ${ofDimension}`.execute(db);
    most = Math.max(most, Number(counted.rows[0]?.n ?? 0));
  }
  return most;
}

/**
 * Fills one source's spans from its daily rows: level 1 from the daily rows,
 * each further level from the one below (half as many rows each time), in
 * windows of days of about 100,000 rows each, so that no statement outlasts
 * PostgreSQL's 10 s limit (decision 010): one statement per level over 7.6
 * million daily rows did, and so did windows of 64 days of 10,000 products on
 * a busy machine.
 */
async function fillSpans(db: Db, source: SpanSource, statementRows: number): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const number = postgres ? sql`(cast(day as date) - date '1970-01-01')` : sql`cast(julianday(day) - 2440587.5 as integer)`;
  const ofDimension = source.dimension === undefined ? sql`` : sql`and dimension = ${source.dimension}`;
  const bounds = await sql<{ first: string | null; last: string | null }>`
    select min(day) as first, max(day) as last from ${sql.table(source.daily)} where 1 = 1 ${ofDimension}`.execute(db);
  const { first: firstDay, last: lastDay } = bounds.rows[0] ?? { first: null, last: null };
  if (!firstDay || !lastDay) return;
  const first = dayNumber(firstDay);
  const last = dayNumber(lastDay);
  const list = (names: string[]) => sql.join(names.map((name) => sql.ref(name)));
  const summed = (names: string[]) => sql.join(names.map((name) => sql`sum(${sql.ref(name)})`));
  const spanKeys = source.keys.map(([span]) => span);
  const spanSums = source.sums.map(([span]) => span);
  const dimensionColumn = source.spansByDimension ? sql`dimension, ` : sql``;
  const dimensionValue = source.spansByDimension ? sql`${sql.lit(source.dimension)}, ` : sql``;
  const spansOfDimension = source.spansByDimension ? sql`and dimension = ${source.dimension}` : sql``;
  const into = sql`insert into ${sql.table(source.spans)} (level, start, ${dimensionColumn}${list(spanKeys)}, ${list(spanSums)})`;
  const perDay = await rowsPerDay(db, source, first, last);
  for (let level = 1; level <= SPAN_LEVELS; level += 1) {
    const size = 2 ** level;
    // Level 1 reads daily rows, each level above the spans of the level below (half as many a day).
    const window = windowDays(size, perDay / 2 ** (level - 1), statementRows);
    for (let from = Math.floor(first / window) * window; from <= last; from += window) {
      if (level === 1) {
        const keys = source.keys.map(([, daily]) => daily);
        await sql`${into}
          select 1, (${number} / 2) * 2 as span_start, ${dimensionValue}${list(keys)}, ${summed(source.sums.map(([, daily]) => daily))}
          from ${sql.table(source.daily)}
          where day >= ${dayOf(from)} and day < ${dayOf(from + window)} ${ofDimension}
          group by span_start, ${list(keys)}`.execute(db);
      } else {
        await sql`${into}
          select ${sql.lit(level)}, (start / ${sql.lit(size)}) * ${sql.lit(size)} as span_start, ${dimensionValue}${list(spanKeys)}, ${summed(spanSums)}
          from ${sql.table(source.spans)}
          where level = ${sql.lit(level - 1)} and start >= ${from} and start < ${from + window} ${spansOfDimension}
          group by span_start, ${list(spanKeys)}`.execute(db);
      }
    }
  }
}
