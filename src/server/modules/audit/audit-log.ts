import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { deleteAuditEntriesBefore, insertAuditEntry, type NewAuditEntry } from './audit.repository';

/** Entries are kept a year (issue 14). */
export const AUDIT_RETENTION_MS = 365 * 24 * 60 * 60 * 1000;
/** Pruning runs with a write at most this often per process; several copies pruning the same rows is harmless. */
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The audit trail of what is not a content write: sign-ins, passwords, 2FA,
 * sessions and backups, recorded by their routes. Writing such an entry never
 * fails the request it describes: an error is logged and the request goes on.
 * Content writes write their own entries in their transaction (decision 056,
 * content/effects/audit-entry.ts).
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

  private async write(entry: NewAuditEntry): Promise<void> {
    await insertAuditEntry(this.db, entry);
    const now = Date.now();
    if (now - this.lastPrune < PRUNE_INTERVAL_MS) return;
    this.lastPrune = now;
    await deleteAuditEntriesBefore(this.db, new Date(now - AUDIT_RETENTION_MS).toISOString());
  }
}
