import type { Config } from './config';
import type { Db, DbKind } from './db/database';
import type { ContentEvents } from './content-events';
import type { VariantWorkers } from './modules/media/variant-queue';

/** What every route needs, built once per app and decorated onto Fastify as `ctx`. */
export type AppContext = {
  config: Config;
  db: Db;
  dbKind: DbKind;
  adminPasswordHash: string;
  /** Told after every content write, so caches of rendered pages can drop stale entries. */
  contentEvents: ContentEvents;
  /** Makes image variants in the background; `nudge()` after queueing an image. */
  mediaVariants: VariantWorkers;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
