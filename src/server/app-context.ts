import type { FormMailSender } from './modules/forms/form-mail';
import type { Config } from './config';
import type { Db, DbKind } from './db/database';
import type { ContentEvents } from './content/events';
import type { CatalogueFigures } from './content/catalogue-figures';
import type { ContentNotifications } from './content/notify';
import type { VariantRunner } from './modules/media/encoder-process';
import type { AuditLog } from './modules/audit/audit-log';
import type { PublishSchedule } from './content/publish-schedule';
import type { NewsletterContext } from './modules/newsletter/newsletter-context';
import type { Analytics } from './modules/analytics/analytics-recorder';
import type { Lifecycle } from './modules/health/lifecycle';
import type { WebhookDispatcher } from './modules/webhooks/webhook-dispatcher';

/** What every route needs, built once per app and decorated onto Fastify as `ctx`. */
export type AppContext = {
  config: Config;
  db: Db;
  dbKind: DbKind;
  /** Told after every content write, so caches of rendered pages can drop stale entries. */
  contentEvents: ContentEvents;
  /** Counts and tag lists over the catalogue, kept until a catalogue write. */
  catalogueFigures: CatalogueFigures;
  /** When the next scheduled item goes live; moves the content version then. */
  schedule: PublishSchedule;
  /** Hearing other copies' writes (PostgreSQL LISTEN); set once the app has started listening. */
  notifications?: ContentNotifications;
  /** Makes image variants in the background; `nudge()` after queueing an image. */
  mediaVariants: VariantRunner;
  /** Who signed in, changed a password or took a backup (content writes write their own entries: decision 056). */
  audit: AuditLog;
  /** Subscribers' write path: mail (when configured), the webhook outbox, change events. */
  newsletter: NewsletterContext;
  /** Set when mail is configured: each contact-form submission is mailed to the owner from its row. */
  formMail?: FormMailSender | undefined;
  /** Sends the content webhooks' deliveries; `wake()` after queueing one outside a content write. */
  webhooks: WebhookDispatcher;
  /** Page views and Buy Now clicks, batched off the request path (decision 060). */
  analytics: Analytics;
  /** Migrations checked, cache warm, stopping: what readiness tells the load balancer. */
  lifecycle: Lifecycle;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
