import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { ContentEvents } from '../../content-events';
import type { ContentChange } from '../../content/changes';
import { deleteAuditEntriesBefore, insertAuditEntry, type NewAuditEntry } from './audit.repository';

/** Entries are kept a year (issue 14). */
export const AUDIT_RETENTION_MS = 365 * 24 * 60 * 60 * 1000;
/** Pruning runs with a write at most this often per process; several copies pruning the same rows is harmless. */
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The audit trail of admin writes. Content writes arrive as ContentChange
 * events (docs/decisions/018); sign-ins, passwords, 2FA, sessions and backups
 * are recorded by their routes. Writing the entry never fails the request it
 * describes: an error is logged and the request goes on.
 */
export class AuditLog {
  private readonly pending = new Set<Promise<void>>();
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  record(entry: NewAuditEntry): void {
    const write = this.write(entry).catch((error: unknown) => this.log.error({ err: error }, 'audit entry not written'));
    this.pending.add(write);
    void write.finally(() => this.pending.delete(write));
  }

  /** Entry for a request: the address it came from. */
  recordFor(request: FastifyRequest, entry: Omit<NewAuditEntry, 'ip'>): void {
    this.record({ ...entry, ip: request.ip });
  }

  /** Resolves once every entry recorded so far is stored, so a read right after a write sees it. */
  async flush(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  /** Follows every content write an admin makes. */
  listen(events: ContentEvents): () => void {
    const onChange = (change: ContentChange) => {
      if (change.actor.kind !== 'admin') return;
      this.record({ ...describeChange(change), ip: change.actor.ip, at: change.at });
    };
    events.on('change', onChange);
    return () => events.off('change', onChange);
  }

  private async write(entry: NewAuditEntry): Promise<void> {
    await insertAuditEntry(this.db, entry);
    const now = Date.now();
    if (now - this.lastPrune < PRUNE_INTERVAL_MS) return;
    this.lastPrune = now;
    await deleteAuditEntriesBefore(this.db, new Date(now - AUDIT_RETENTION_MS).toISOString());
  }
}

const PLURAL: Record<string, string> = { category: 'categories' };
const titleOf = (item: unknown): string | undefined => {
  if (!item || typeof item !== 'object') return undefined;
  const { title, email, url } = item as { title?: unknown; email?: unknown; url?: unknown };
  return [title, email, url].find((value): value is string => typeof value === 'string');
};

/** Top-level fields whose values differ: the "what changed" of an update, without the values themselves. */
export function changedFields(before: unknown, after: unknown): string[] {
  if (!before || !after || typeof before !== 'object' || typeof after !== 'object') return [];
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const ignored = new Set(['updatedAt', 'updated_at']);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((key) => !ignored.has(key) && JSON.stringify(a[key]) !== JSON.stringify(b[key]))
    .sort();
}

export function describeChange(change: ContentChange): Omit<NewAuditEntry, 'ip'> {
  const base = { action: `${change.entity}.${change.action}`, targetType: change.entity, targetId: change.id };
  const title = titleOf(change.after) ?? titleOf(change.before);
  const named = title ? ` "${title}"` : '';
  switch (change.action) {
    case 'create':
      return { ...base, summary: `Created ${change.entity}${named}` };
    case 'delete':
      return { ...base, summary: `Deleted ${change.entity}${named}` };
    case 'reorder':
      return { ...base, summary: `Reordered ${PLURAL[change.entity] ?? `${change.entity}s`}` };
    case 'update': {
      const fields = changedFields(change.before, change.after);
      return { ...base, summary: `Updated ${change.entity}${named}${fields.length ? `: ${fields.join(', ')}` : ': no field changed'}` };
    }
  }
}
