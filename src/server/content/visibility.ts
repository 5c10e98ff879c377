import { sql, type Expression, type SqlBool } from 'kysely';
import type { PublishState, PublishStatus } from '../../shared/schemas/publish';
import type { Viewer } from './viewer';
import type { PublishableTable } from './types';

/** Which rows of a publishable table a read may see: the viewer's right, narrowed by an admin's status filter. */
export type Visibility = { viewer: Viewer; status?: PublishStatus | undefined; now: string };

export const visibilityFor = (viewer: Viewer, status?: PublishStatus): Visibility => ({ viewer, status, now: new Date().toISOString() });

/** The status a read keeps: a visitor's, live items only; an admin's, the filter's (undefined: every status). */
const wantedStatus = (visibility: Visibility): PublishStatus | undefined => (visibility.viewer === 'visitor' ? 'published' : visibility.status);

/** Whether the read keeps live items only (what `visibleWhere` tests as `published`). */
export const seesLiveOnly = (visibility: Visibility): boolean => wantedStatus(visibility) === 'published';

/**
 * Computed in SQL against the time of the read, so a scheduled item is live
 * for every copy of the app the moment its time passes, with no job to run.
 * ISO-8601 UTC strings of one format compare in time order as text.
 */
export function visibleWhere(table: PublishableTable, visibility: Visibility): Expression<SqlBool> {
  const status = sql.ref(`${table}.status`);
  const publishAt = sql.ref(`${table}.publish_at`);
  const live = sql<SqlBool>`(${status} = 'published' or (${status} = 'scheduled' and ${publishAt} <= ${visibility.now}))`;
  const wanted = wantedStatus(visibility);
  if (wanted === undefined) return sql<SqlBool>`1 = 1`;
  if (wanted === 'published') return live;
  if (wanted === 'scheduled') return sql<SqlBool>`(${status} = 'scheduled' and ${publishAt} > ${visibility.now})`;
  return sql<SqlBool>`${status} = 'draft'`;
}

/** What the API says about a row: a scheduled item whose time has passed is published. */
export function publishState(row: { status: string; publish_at: string | null }, now = new Date().toISOString()): PublishState {
  const status = row.status as PublishStatus;
  if (status === 'scheduled' && row.publish_at !== null && row.publish_at <= now) return { status: 'published', publishAt: row.publish_at };
  return { status, publishAt: row.publish_at };
}

export const isVisibleRow = (row: { status: string; publish_at: string | null }, now = new Date().toISOString()) =>
  publishState(row, now).status === 'published';

/** The columns a save writes: status kept when omitted (create: published); publishAt required when scheduled, normalised to UTC. */
export function publishColumns(
  input: { status?: PublishStatus | undefined; publishAt?: string | null | undefined },
  current: { status: string; publish_at: string | null } | undefined,
): { status: PublishStatus; publish_at: string | null } | { error: string } {
  const status = input.status ?? (current?.status as PublishStatus | undefined) ?? 'published';
  const given = input.publishAt === undefined ? (input.status === undefined ? current?.publish_at ?? null : null) : input.publishAt;
  if (status !== 'scheduled') return { status, publish_at: null };
  if (!given) return { error: 'publishAt: is required when status is scheduled' };
  return { status, publish_at: new Date(given).toISOString() };
}

/**
 * The rows `visibleWhere` leaves out of a live-only read, written so a partial index on the rows not
 * published can answer it (`status <> 'published'` first, as the index's own condition): a read that
 * takes ids from elsewhere (a category's links) leaves these few out instead of testing every row.
 */
export function notLiveWhere(table: PublishableTable, now: string): Expression<SqlBool> {
  const status = sql.ref(`${table}.status`);
  const publishAt = sql.ref(`${table}.publish_at`);
  return sql<SqlBool>`${status} <> 'published' and (${status} <> 'scheduled' or ${publishAt} is null or ${publishAt} > ${now})`;
}
