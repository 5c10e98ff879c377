import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/json';
import { SubscribeSchema, type Subscriber } from '../../../shared/schemas/newsletter';
import { z } from 'zod';
import { DEFAULT_PAGE_LIMIT, type Page, type SubscriberListQuery } from '../../../shared/schemas/list';
import { decodeCursor, toPage } from '../../db/paging';
import { countSubscribers, insertSubscriberIfNew, selectSubscribers, subscriberKey, type SubscriberKey } from './subscriber.repository';
import type { SubscriberRow } from '../../db/schema';

/**
 * Subscribes the (normalised) address. A repeat gives the same answer as a
 * first subscription, so the form cannot be used to find who is subscribed.
 */
export async function subscribe(db: Db, email: string): Promise<{ subscribed: true }> {
  const normalised = SubscribeSchema.parse({ email }).email;
  await insertSubscriberIfNew(db, { id: randomUUID(), email: normalised, created_at: nowIso() });
  return { subscribed: true };
}

const toSubscriber = (row: SubscriberRow): Subscriber => ({ id: row.id, email: row.email, createdAt: row.created_at });

/** Newest first; `q` keeps the addresses that contain it. */
export async function listSubscribers(db: Db, query: { q?: string | undefined } = {}): Promise<Subscriber[]> {
  return (await selectSubscribers(db, query.q)).map(toSubscriber);
}

const SubscriberCursor = z.tuple([z.string(), z.string()]);

export async function pageSubscribers(db: Db, query: SubscriberListQuery): Promise<Page<Subscriber>> {
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  const after: SubscriberKey | undefined = query.cursor === undefined ? undefined : decodeCursor(query.cursor, SubscriberCursor);
  const rows = await selectSubscribers(db, query.q, { limit: limit + 1, after });
  return toPage(rows, limit, subscriberKey, toSubscriber, await countSubscribers(db, query.q));
}
