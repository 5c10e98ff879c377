import type { Db } from '../../db/database';
import type { AuditLogRow } from '../../db/schema';
import { z } from 'zod';
import { afterKey, toPage, type KeyColumn } from '../../db/paging';
import { decodeCursor } from '../../http/cursor';
import { DEFAULT_PAGE_LIMIT, wantsPage, type Page } from '../../../shared/schemas/list';
import type { AuditEntry, AuditQuery } from '../../../shared/schemas/audit';

// Content writes write their entries in their own transaction (decision 056); every other entry is written here through the same insert.
export { insertAuditEntry, type NewAuditEntry } from '../../content/effects/audit-entry';

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

// Newest first; the cursor is the (at, id) of the last entry of the page before.
const ORDER: KeyColumn[] = [
  { column: 'at', direction: 'desc' },
  { column: 'id', direction: 'desc' },
];
const CursorKey = z.tuple([z.string(), z.string()]);

/** Newest first; `action` matches a whole action or an area (`product` matches `product.update`). */
export async function listAuditEntries(db: Db, query: AuditQuery): Promise<Page<AuditEntry>> {
  let filtered = db.selectFrom('audit_log');
  if (query.action) {
    const action = query.action;
    filtered = filtered.where((eb) => eb.or([eb('action', '=', action), eb('action', 'like', `${action.replace(/[%_]/g, '')}.%`)]));
  }
  if (query.targetType) filtered = filtered.where('target_type', '=', query.targetType);
  const counted = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
  const total = Number(counted?.total ?? 0);

  let page = filtered.selectAll().orderBy('at', 'desc').orderBy('id', 'desc');
  if (!wantsPage(query)) return { items: (await page.execute()).map(toEntry), nextCursor: null, total };
  if (query.cursor) page = page.where(afterKey(ORDER, decodeCursor(query.cursor, CursorKey)));
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  return toPage(await page.limit(limit + 1).execute(), limit, (row) => [row.at, row.id], toEntry, total);
}
