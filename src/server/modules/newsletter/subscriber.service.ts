import type { Subscriber } from '../../../shared/schemas/newsletter';
import { z } from 'zod';
import { DEFAULT_PAGE_LIMIT, type Page, type SubscriberListQuery } from '../../../shared/schemas/list';
import { toPage } from '../../db/paging';
import { decodeCursor } from '../../http/cursor';
import type { Db } from '../../db/database';
import type { SubscriberRow } from '../../db/schema';
import { nowIso } from '../../db/json';
import {
  countSubscribers,
  deleteSubscriberRows,
  selectSubscribers,
  subscriberKey,
  type SubscriberFilter,
  type SubscriberKey,
} from './subscriber.repository';
import { writeSubscribers, type NewsletterContext } from './newsletter-context';

export const toSubscriber = (row: SubscriberRow): Subscriber => ({ id: row.id, email: row.email, createdAt: row.created_at, status: row.status });

/** Newest first; `q` keeps the addresses that contain it, `status` one status. */
export async function listSubscribers(db: Db, filter: SubscriberFilter = {}): Promise<Subscriber[]> {
  return (await selectSubscribers(db, filter)).map(toSubscriber);
}

const SubscriberCursor = z.tuple([z.string(), z.string()]);

export async function pageSubscribers(db: Db, query: SubscriberListQuery): Promise<Page<Subscriber>> {
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  const after: SubscriberKey | undefined = query.cursor === undefined ? undefined : decodeCursor(query.cursor, SubscriberCursor);
  const filter = { q: query.q, status: query.status };
  const [rows, total] = await Promise.all([selectSubscribers(db, filter, { limit: limit + 1, after }), countSubscribers(db, filter)]);
  return toPage(rows, limit, subscriberKey, toSubscriber, total);
}

/** Removes the subscribers (on request, GDPR erasure); answers how many there were. */
export async function deleteSubscribers(ctx: NewsletterContext, ids: readonly string[]): Promise<number> {
  return writeSubscribers(ctx, async (trx) => {
    const removed = await deleteSubscriberRows(trx, [...new Set(ids)]);
    const occurredAt = nowIso();
    return {
      result: removed.length,
      changes: removed.map((row) => ({
        event: 'subscriber.deleted' as const,
        subscriber: { id: row.id, email: row.email, status: 'deleted' as const },
        occurredAt,
      })),
    };
  });
}
