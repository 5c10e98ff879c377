import type { Config } from './config';
import type { Db, DbKind } from './db/database';
import type { ContentEvents } from './content-events';
import type { AuditLog } from './modules/audit/audit-log';

/** What every route needs, built once per app and decorated onto Fastify as `ctx`. */
export type AppContext = {
  config: Config;
  db: Db;
  dbKind: DbKind;
  /** Told after every content write, so caches of rendered pages can drop stale entries. */
  contentEvents: ContentEvents;
  /** Who changed what: admin writes, sign-ins, passwords, backups. */
  audit: AuditLog;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
