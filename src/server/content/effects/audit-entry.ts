import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { ContentChange } from '../changes';
import { contentType } from '../types';

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

/**
 * An admin's content write leaves its audit entry in the write's own
 * transaction: no entry, no write (decision 056 reverses "an audit failure
 * never fails the write", since an entry written after the commit was lost
 * with a crash in between). Writes of the system (seeding, schedules) have none.
 */
export async function recordAuditEntry(trx: Db, change: ContentChange): Promise<void> {
  if (change.actor.kind !== 'admin') return;
  await insertAuditEntry(trx, { ...describeChange(change), ip: change.actor.ip, at: change.at });
}

const titleOf = (item: unknown): string | undefined => {
  if (!item || typeof item !== 'object') return undefined;
  const { title, email, url } = item as { title?: unknown; email?: unknown; url?: unknown };
  return [title, email, url].find((value): value is string => typeof value === 'string');
};

/** Top-level fields whose values differ: the "what changed" of an update, without the values themselves. */
function changedFields(before: unknown, after: unknown): string[] {
  if (!before || !after || typeof before !== 'object' || typeof after !== 'object') return [];
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const ignored = new Set(['updatedAt', 'updated_at']);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((key) => !ignored.has(key) && JSON.stringify(a[key]) !== JSON.stringify(b[key]))
    .sort();
}

function describeChange(change: ContentChange): Omit<NewAuditEntry, 'ip'> {
  const base = { action: `${change.entity}.${change.action}`, targetType: change.entity, targetId: change.id };
  const title = titleOf(change.after) ?? titleOf(change.before);
  const named = title ? ` "${title}"` : '';
  switch (change.action) {
    case 'create':
      return { ...base, summary: `Created ${change.entity}${named}` };
    case 'delete':
      return { ...base, summary: `Deleted ${change.entity}${named}` };
    case 'reorder':
      return { ...base, summary: `Reordered ${contentType(change.entity).plural}` };
    case 'update': {
      const fields = changedFields(change.before, change.after);
      return { ...base, summary: `Updated ${change.entity}${named}${fields.length ? `: ${fields.join(', ')}` : ': no field changed'}` };
    }
  }
}
