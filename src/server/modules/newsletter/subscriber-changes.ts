import { EventEmitter } from 'node:events';
import type { Subscriber } from '../../../shared/schemas/newsletter';

export type SubscriberEvent = 'subscriber.created' | 'subscriber.confirmed' | 'subscriber.unsubscribed' | 'subscriber.deleted';

/**
 * One subscriber write, as the webhook outbox records it (in the write's own
 * transaction) and as listeners in this process hear it after the commit.
 * Deliberately not a ContentEvents change: a sign-up changes no page, so it
 * must not drop the cache of rendered pages (docs/decisions/024).
 */
export type SubscriberChange = {
  event: SubscriberEvent;
  /** The subscriber after the change; for a deletion, as it was, with status `deleted`. */
  subscriber: Pick<Subscriber, 'id' | 'email'> & { status: Subscriber['status'] | 'deleted' };
  occurredAt: string;
};

type SubscriberEventMap = { change: [change: SubscriberChange] };

/** Announces committed subscriber changes (the webhook deliverer wakes on them). */
export class SubscriberEvents extends EventEmitter<SubscriberEventMap> {
  changed(changes: SubscriberChange[]): void {
    for (const change of changes) this.emit('change', change);
  }
}
