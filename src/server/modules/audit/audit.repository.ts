import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { AuditLogRow } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { AuditEntry, AuditQuery } from '../../../shared/schemas/audit';

export type NewAuditEntry = { action: string; targetType?: string; targetId?: string | null; summary?: string; ip?: string; at?: string };

export async function insertAuditEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      at: entry.at ?? new Date().toISOString(),
      action: entry.action.slice(0, 100),
      target_type: (entry.targetType ?? '').slice(0, 100),
      target_id: entry.targetId?.slice(0, 200) ?? null,
      summary: (entry.summary ?? '').slice(0, 2000),
      ip: (entry.ip ?? '').slice(0, 100),
    })
    .execute();
}

export async function deleteAuditEntriesBefore(db: Db, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('audit_log').where('at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

const toEntry = (row: AuditLogRow): AuditEntry => ({
  id: row.id,
  at: row.at,
  action: row.action,
  targetType: row.target_type,
  targetId: row.target_id,
  summary: row.summary,
  ip: row.ip,
});

// The cursor is the (at, id) of the last entry of the page before, opaque to clients.
const encodeCursor = (row: Pick<AuditLogRow, 'at' | 'id'>) => Buffer.from(JSON.stringify([row.at, row.id])).toString('base64url');
function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string')) return value as [string, string];
  } catch {
    // fall through to the 400 below
  }
  throw badRequest('cursor: is not valid');
}

/** Newest first; `action` matches a whole action or an area (`product` matches `product.update`). */
export async function listAuditEntries(db: Db, query: AuditQuery): Promise<{ entries: AuditEntry[]; nextCursor: string | null; total: number }> {
  let filtered = db.selectFrom('audit_log');
  if (query.action) {
    const action = query.action;
    filtered = filtered.where((eb) => eb.or([eb('action', '=', action), eb('action', 'like', `${action.replace(/[%_]/g, '')}.%`)]));
  }
  if (query.targetType) filtered = filtered.where('target_type', '=', query.targetType);
  const counted = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
  const total = Number(counted?.total ?? 0);

  let page = filtered.selectAll().orderBy('at', 'desc').orderBy('id', 'desc');
  if (query.cursor) {
    const [at, id] = decodeCursor(query.cursor);
    page = page.where((eb) => eb.or([eb('at', '<', at), eb.and([eb('at', '=', at), eb('id', '<', id)])]));
  }
  if (query.limit === undefined) return { entries: (await page.execute()).map(toEntry), nextCursor: null, total };
  const rows = await page.limit(query.limit + 1).execute();
  const more = rows.length > query.limit;
  const shown = rows.slice(0, query.limit);
  const last = shown[shown.length - 1];
  return { entries: shown.map(toEntry), nextCursor: more && last ? encodeCursor(last) : null, total };
}
