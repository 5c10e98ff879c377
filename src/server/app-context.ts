import type { Config } from './config';
import type { Db, DbKind } from './db/database';
import type { ContentEvents } from './content-events';
import type { ContentNotifications } from './content-notify';
import type { NewsletterContext } from './modules/newsletter/newsletter-context';

/** What every route needs, built once per app and decorated onto Fastify as `ctx`. */
export type AppContext = {
  config: Config;
  db: Db;
  dbKind: DbKind;
  /** Told after every content write, so caches of rendered pages can drop stale entries. */
  contentEvents: ContentEvents;
  /** Hearing other copies' writes (PostgreSQL LISTEN); set once the app has started listening. */
  notifications?: ContentNotifications;
  /** Subscribers' write path: mail (when configured), the webhook outbox, change events. */
  newsletter: NewsletterContext;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
