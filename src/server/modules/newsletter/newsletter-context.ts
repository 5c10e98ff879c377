import type { Db, DbKind } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { MailSender } from './mail-sender';
import { enqueueChange } from './webhook-outbox';
import { enqueueEvent } from '../../content/effects/webhook-events';
import type { SubscriberChange, SubscriberEvents } from './subscriber-changes';

/** What the newsletter's services need, built once per app. */
export type NewsletterContext = {
  db: Db;
  dbKind: DbKind;
  publicUrl: string;
  /** Set when SMTP_URL and MAIL_FROM are: sign-ups are confirmed by mail, sent from the outbox. */
  mail: MailSender | undefined;
  /** Set when a provider webhook is configured: changes go into the outbox. */
  webhookOn: boolean;
  events: SubscriberEvents;
  /** Where failures that the visitor only sees as a message are written down. */
  log: (error: unknown) => void;
};

/**
 * The subscribers' write path: `work` changes rows and returns the changes it
 * made; they enter the webhook outbox in the same transaction (so a change and
 * its delivery commit or vanish together) and are announced once committed.
 */
export async function writeSubscribers<T>(
  ctx: NewsletterContext,
  work: (trx: Db) => Promise<{ result: T; changes: SubscriberChange[] }>,
): Promise<T> {
  const { result, changes } = await inTransaction(ctx.db, async (trx) => {
    const done = await work(trx);
    if (ctx.webhookOn) for (const change of done.changes) await enqueueChange(trx, change);
    // The endpoints added in the admin (decision 065); the environment's endpoint above keeps its own format.
    for (const change of done.changes) {
      const { id, email, status } = change.subscriber;
      await enqueueEvent(trx, { event: change.event, itemKey: `subscriber:${id}`, data: { id, email, status }, occurredAt: change.occurredAt });
    }
    return done;
  });
  ctx.events.changed(changes);
  return result;
}
