import type { Db } from '../../db/database';
import { pruneSpans } from './spans';
import { addDays } from './site-day';

/** Raw events (and the day's visitor hashes) are kept this many days; the summaries hold the figures after that. */
export const RAW_DAYS = 30;
/** Daily summaries are kept 25 months: this month and last year's same month compare on the dashboard. */
export const SUMMARY_MONTHS = 25;

/** The first day a summary is kept on `today`: the same day of the month 25 months back. */
export function firstSummaryDay(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - SUMMARY_MONTHS);
  return date.toISOString().slice(0, 10);
}

/**
 * Deletes what analytics no longer keeps on `today`: raw events and visitor
 * hashes over 30 days old, summaries over 25 months old, and the click limits'
 * counters of past hours. Idempotent: several copies may run it at once.
 */
export async function pruneAnalytics(db: Db, today: string, now: number): Promise<void> {
  const firstRawDay = addDays(today, -(RAW_DAYS - 1));
  await db.deleteFrom('analytics_events').where('day', '<', firstRawDay).execute();
  await db.deleteFrom('analytics_visitors').where('day', '<', firstRawDay).execute();
  const firstKept = firstSummaryDay(today);
  await db.deleteFrom('analytics_daily').where('day', '<', firstKept).execute();
  await db.deleteFrom('analytics_daily_products').where('day', '<', firstKept).execute();
  await db.deleteFrom('analytics_daily_counts').where('day', '<', firstKept).execute();
  await pruneSpans(db, firstKept);
  await db
    .deleteFrom('rate_limits')
    .where('key', 'like', 'analytics:%')
    .where('window_start', '<', new Date(now - 60 * 60 * 1000).toISOString())
    .execute();
}
