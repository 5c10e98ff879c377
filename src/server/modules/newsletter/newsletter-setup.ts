import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, DbKind } from '../../db/database';
import { createMailer } from './mailer';
import type { NewsletterContext } from './newsletter-context';
import { SubscriberEvents } from './subscriber-changes';
import { WebhookDeliverer } from './webhook-deliverer';
import { MailSender } from './mail-sender';

/**
 * Mail and the webhook deliverer as configured. The senders of both outboxes
 * run from `start` (once the app is ready) to `stop`, which lets a send in flight finish.
 */
export function startNewsletter(
  config: Config,
  database: { db: Db; kind: DbKind },
  log: FastifyBaseLogger,
): { context: NewsletterContext; start: () => void; stop: () => Promise<void> } {
  const mailer = config.mail ? createMailer(config.mail) : undefined;
  const events = new SubscriberEvents();
  const deliverer = config.newsletterWebhook
    ? new WebhookDeliverer(database.db, database.kind, config.newsletterWebhook, log)
    : undefined;
  if (deliverer) events.on('change', () => deliverer.wake());
  const mail = mailer ? new MailSender(database.db, database.kind, mailer, config.publicUrl, log) : undefined;
  const context: NewsletterContext = {
    db: database.db,
    dbKind: database.kind,
    publicUrl: config.publicUrl,
    mail,
    webhookOn: deliverer !== undefined,
    events,
    log: (error) => log.error({ err: error }, 'newsletter mail could not be sent'),
  };
  return {
    context,
    start: () => {
      deliverer?.start();
      mail?.start();
    },
    stop: async () => {
      await deliverer?.stop();
      await mail?.stop();
      mailer?.close();
    },
  };
}
