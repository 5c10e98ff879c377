import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The span migrations' one filler (2026-11-29-0401 products, -1101 pages,
 * -1321 categories, referrers and campaigns; decision 060, amended
 * 2026-11-29). Frozen in time like the migrations that use it: never changed
 * once shipped (a later fill gets a new file), never importing application
 * code. Level 1 from the daily rows, each further level from the one below
 * (half as many rows each time), in windows of days of about 100,000 rows:
 * one statement per level over 7.6 million daily rows, and even windows of 64
 * days of 10,000 products on a busy machine, outlasted PostgreSQL's 10 s limit
 * (decision 010), which would stop the migration at start-up.
 */
export type SpanFill = {
  spans: string;
  daily: string;
  /** Only the daily counts of this dimension. */
  dimension?: string;
  /** The span table keeps the dimension in a `dimension` column of its own. */
  spansByDimension?: boolean;
  /** `[span column, daily column]` pairs. */
  keys: Array<[string, string]>;
  sums: Array<[string, string]>;
};

const LEVELS = 9;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
const dayOf = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

/** Rows a statement reads at most, about: ~1 s on PostgreSQL on a busy machine, far from its 10 s limit. */
const STATEMENT_ROWS = 100_000;

/**
 * Days of one statement: a multiple of the span (`minimum` days, a power of two) holding at most
 * STATEMENT_ROWS rows at `rowsPerDay` (or one span, when even that holds more).
 */
const windowDays = (minimum: number, rowsPerDay: number, statementRows = STATEMENT_ROWS) => {
  let days = minimum;
  while (days < 4096 && days * 2 * rowsPerDay <= statementRows) days *= 2;
  return days;
};

/** The most daily rows of a day among a few days spread over the range (each counted along the key). */
async function rowsPerDay(db: Kysely<any>, source: SpanFill, first: number, last: number): Promise<number> {
  const ofDimension = source.dimension === undefined ? sql`` : sql`and dimension = ${source.dimension}`;
  let most = 1;
  for (let i = 0; i <= 4; i += 1) {
    const day = dayOf(first + Math.round(((last - first) * i) / 4));
    const counted = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(source.daily)} where day = ${day} ${ofDimension}`.execute(db);
    most = Math.max(most, Number(counted.rows[0]?.n ?? 0));
  }
  return most;
}

/** `statementRows`: a test makes it small to cross many windows. */
export async function fillSpans(db: Kysely<any>, source: SpanFill, statementRows = STATEMENT_ROWS): Promise<void> {
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
  const dailyKeys = source.keys.map(([, daily]) => daily);
  const dailySums = source.sums.map(([, daily]) => daily);
  const dimensionColumn = source.spansByDimension ? sql`dimension, ` : sql``;
  const dimensionValue = source.spansByDimension ? sql`${sql.lit(source.dimension)}, ` : sql``;
  const spansOfDimension = source.spansByDimension ? sql`and dimension = ${source.dimension}` : sql``;
  const into = sql`insert into ${sql.table(source.spans)} (level, start, ${dimensionColumn}${list(spanKeys)}, ${list(spanSums)})`;
  const perDay = await rowsPerDay(db, source, first, last);
  for (let level = 1; level <= LEVELS; level += 1) {
    const size = 2 ** level;
    // Level 1 reads daily rows, each level above the spans of the level below (half as many a day).
    const window = windowDays(size, perDay / 2 ** (level - 1), statementRows);
    for (let from = Math.floor(first / window) * window; from <= last; from += window) {
      if (level === 1) {
        await sql`${into}
          select 1, (${number} / 2) * 2 as span_start, ${dimensionValue}${list(dailyKeys)}, ${summed(dailySums)}
          from ${sql.table(source.daily)}
          where day >= ${dayOf(from)} and day < ${dayOf(from + window)} ${ofDimension}
          group by span_start, ${list(dailyKeys)}`.execute(db);
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
