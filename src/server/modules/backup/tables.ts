import { sql } from 'kysely';
import type { Db, DbKind } from '../../db/database';

/**
 * Tables that belong to the running site, not to its content: who is signed
 * in or locked out, the second factor's recovery codes, counters, preview
 * links, pending webhook deliveries and mail. Never written into an archive; a
 * restore leaves them as the target has them, except that it signs everyone
 * out and ends every preview link. Every other table needs a restore rule
 * (restore-rules.ts): a test walks the schema to hold that.
 */
export const SITE_OWNED = new Set([
  'sessions', 'login_attempts', 'recovery_codes', 'rate_limits', 'health_probe', 'previews', 'webhook_outbox',
  // The second factor's last accepted step and code budget: it goes with the secret, which stays.
  'two_factor_state',
  // Confirmation mail waiting to be sent: addressed with this site's signing key, which a restore replaces.
  'mail_outbox',
  // Content webhooks (decision 065): endpoints carry secrets sealed with this site's key, deliveries are its pending work.
  'webhook_endpoints', 'webhook_deliveries',
  // Analytics' raw events, the day's visitor hashes and the day's salt (decision 060): a month of
  // per-visit detail that exists only to be summed, and a salt that must never leave the site.
  'analytics_events', 'analytics_visitors', 'analytics_salts',
]);
export const EMPTIED_BY_RESTORE = ['sessions', 'previews'];
/**
 * The full-text index (and SQLite's FTS5 tables behind it) and the media-usage
 * index are derived from the content, and analytics' spans (products, pages, other counts) from the
 * daily summaries: never listed, so never saved, emptied or loaded row by row;
 * a restore rebuilds them.
 */
const isDerivedTable = (name: string) =>
  name === 'search_index' || name.startsWith('search_index_') || name === 'media_usages' || name.startsWith('analytics_span_');
/** Tables whose rows do not make a site "non-empty" for restore's safety check. */
export const BOOKKEEPING_TABLES = new Set(['settings', 'audit_log', 'analytics_daily', 'analytics_daily_products', 'analytics_daily_counts', ...SITE_OWNED]);

/** Every application table (migrations' own bookkeeping excluded), parents before the tables that refer to them. */
export async function listTablesInOrder(db: Db, kind: DbKind): Promise<string[]> {
  const tables = (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !isDerivedTable(name))
    .sort();
  const links = await foreignKeyLinks(db, kind);
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const link of links) if (link.child === table && link.parent !== table && tables.includes(link.parent)) visit(link.parent);
    visiting.delete(table);
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

async function foreignKeyLinks(db: Db, kind: DbKind): Promise<Array<{ child: string; parent: string }>> {
  if (kind === 'sqlite') {
    const result = await sql<{ child: string; parent: string }>`
      select m.name as child, f."table" as parent
      from sqlite_master m join pragma_foreign_key_list(m.name) f
      where m.type = 'table'`.execute(db);
    return result.rows;
  }
  const result = await sql<{ child: string; parent: string }>`
    select c.relname as child, p.relname as parent
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = current_schema()`.execute(db);
  return result.rows;
}
