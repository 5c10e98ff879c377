import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import type { AppContext } from './app-context';

export const CONTENT_CHANNEL = 'showcase_content_changed';
const CHANNEL = CONTENT_CHANNEL;

/**
 * With PostgreSQL, several copies of the app share one database: each write is
 * announced with NOTIFY and every other copy bumps its content version, so no
 * copy keeps serving stale cached pages. SQLite means one process: nothing to do.
 */
export async function listenForContentChanges(ctx: AppContext, databaseUrl: string | undefined): Promise<() => Promise<void>> {
  if (!databaseUrl) return async () => {};
  const instanceId = randomUUID();
  const listener = new pg.Client({ connectionString: databaseUrl });
  // A dropped listener connection must not crash the process; pages then
  // simply expire on this copy's own writes until it restarts.
  listener.on('error', () => {});
  await listener.connect();
  await listener.query(`LISTEN ${CHANNEL}`);
  listener.on('notification', (message) => {
    if (message.channel === CHANNEL && message.payload !== instanceId) ctx.contentEvents.changedElsewhere();
  });
  const announce = () => {
    sql`select pg_notify(${CHANNEL}, ${instanceId})`.execute(ctx.db).catch(() => {});
  };
  ctx.contentEvents.on('change', announce);
  return async () => {
    ctx.contentEvents.off('change', announce);
    await listener.end().catch(() => {});
  };
}
