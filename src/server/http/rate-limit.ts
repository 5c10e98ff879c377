import { sql } from 'kysely';
import type { Db } from '../db/database';

export type Limit = { max: number; windowMs: number };
export type LimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one hit against `key` in a fixed window and says whether it is
 * within `max`. One atomic upsert, so concurrent requests and several copies
 * of the app share the count exactly, and it survives restarts.
 */
export async function hitLimit(db: Db, key: string, limit: Limit, now = Date.now()): Promise<LimitResult> {
  const nowText = new Date(now).toISOString();
  const expired = new Date(now - limit.windowMs).toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: nowText, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.hits + 1 end`,
        window_start: sql<string>`case when rate_limits.window_start <= ${expired} then ${nowText} else rate_limits.window_start end`,
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow();
  if (row.hits <= limit.max) return { allowed: true };
  const endsAt = Date.parse(row.window_start) + limit.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now) / 1000)) };
}
