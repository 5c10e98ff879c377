import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/json';
import { SubscribeSchema, type Subscriber } from '../../../shared/schemas/newsletter';
import { insertSubscriberIfNew, selectSubscribers } from './subscriber.repository';

/**
 * Subscribes the (normalised) address. A repeat gives the same answer as a
 * first subscription, so the form cannot be used to find who is subscribed.
 */
export async function subscribe(db: Db, email: string): Promise<{ subscribed: true }> {
  const normalised = SubscribeSchema.parse({ email }).email;
  await insertSubscriberIfNew(db, { id: randomUUID(), email: normalised, created_at: nowIso() });
  return { subscribed: true };
}

/** Newest first. */
export async function listSubscribers(db: Db): Promise<Subscriber[]> {
  const rows = await selectSubscribers(db);
  return rows.map((row) => ({ id: row.id, email: row.email, createdAt: row.created_at }));
}
