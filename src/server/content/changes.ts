import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import type { ContentTypeName } from './types';

/** Who made a write: the signed-in admin (with the address it came from), or the system (seeding, scheduled work). */
export type Actor = { kind: 'admin'; ip: string } | { kind: 'system' };

export type ChangeAction = 'create' | 'update' | 'delete' | 'reorder';

/**
 * One committed content write, as the write unit records it (write.ts) and
 * announces it: its revision and audit entry are written from it in the
 * write's transaction; the page cache, the cross-copy notification and the
 * wake-ups hear it after the commit. `before`/`after` are the API shapes
 * (null on create / delete), so a listener can tell what changed without
 * reading the database.
 */
export type ContentChange = {
  /** The content type written (types.ts). */
  entity: ContentTypeName;
  action: ChangeAction;
  /** The item's id; null for singletons (homepage, about, theme) and bulk actions. */
  id: string | null;
  before: unknown;
  after: unknown;
  actor: Actor;
  at: string;
  /** Why the write was made, when not an edit (e.g. "Restored the version of …"); revisions show it. */
  note?: string;
  /** Set by the outbox effect when the write queued webhook deliveries: the dispatchers are woken once it commits. */
  queuedWebhooks?: boolean;
};

/** Where a write is announced once committed: the app's ContentEvents (events.ts), or a buffer that replays after an outer transaction commits. */
export type ChangeSink = { changed: (change: ContentChange) => void };

/** What a write service needs: the database (or a transaction), the place to announce the change, and who asks. */
export type Writer = {
  db: Db;
  events: ChangeSink;
  actor: Actor;
  note?: string;
  /**
   * Inside an outer transaction of many writes (an import): the products whose search rows are to be
   * rewritten are gathered here, and the caller reindexes them once before that transaction commits.
   */
  reindexLater?: Set<string>;
};

/**
 * A writer for several writes inside one outer transaction: their changes are
 * held back and announced by `commit()` once the transaction has committed,
 * so no listener ever sees a write that was rolled back.
 */
export function deferredWriter(db: Db, actor: Actor): Writer & { commit: (events: ChangeSink) => void } {
  const pending: ContentChange[] = [];
  return {
    db,
    actor,
    events: { changed: (change) => pending.push(change) },
    commit: (events) => pending.splice(0).forEach((change) => events.changed(change)),
  };
}

export const SYSTEM: Actor = { kind: 'system' };

export function writerFor(ctx: { db: Db; contentEvents: ChangeSink }, request: FastifyRequest): Writer {
  return { db: ctx.db, events: ctx.contentEvents, actor: { kind: 'admin', ip: request.ip } };
}
