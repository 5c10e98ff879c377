import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import type { ContentEvents } from '../content-events';

/** Who made a write: the signed-in admin (with the address it came from), or the system (seeding, scheduled work). */
export type Actor = { kind: 'admin'; ip: string } | { kind: 'system' };

const CHANGE_ENTITIES = ['product', 'category', 'tag', 'homepage', 'about', 'theme', 'site', 'media', 'redirect'] as const;
export type ChangeEntity = (typeof CHANGE_ENTITIES)[number];

/** The entity named in a message from another worker or copy; undefined when it names none we know. */
export const asChangeEntity = (value: unknown): ChangeEntity | undefined => CHANGE_ENTITIES.find((entity) => entity === value);
export type ChangeAction = 'create' | 'update' | 'delete' | 'reorder';

/**
 * One content write, as every listener sees it: the page cache, the
 * cross-copy notification and whatever else must follow a write (audit,
 * redirects, revisions, webhooks) subscribe to this instead of being called
 * from route handlers. `before`/`after` are the API shapes (null on create /
 * delete), so a listener can tell what changed without reading the database.
 */
export type ContentChange = {
  entity: ChangeEntity;
  action: ChangeAction;
  /** The item's id; null for singletons (homepage, about, theme) and bulk actions. */
  id: string | null;
  before: unknown;
  after: unknown;
  actor: Actor;
  at: string;
  /** Why the write was made, when not an edit (e.g. "Restored the version of …"); revisions show it. */
  note?: string;
};

/** Where a write service announces its change: the app's ContentEvents, or a buffer that replays after an outer transaction commits. */
export type ChangeSink = Pick<ContentEvents, 'changed'>;

/** What a write service needs: the database (or a transaction), the place to announce the change, and who asks. */
export type Writer = { db: Db; events: ChangeSink; actor: Actor; note?: string };

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

export function writerFor(ctx: { db: Db; contentEvents: ContentEvents }, request: FastifyRequest): Writer {
  return { db: ctx.db, events: ctx.contentEvents, actor: { kind: 'admin', ip: request.ip } };
}

/** Announces a write that has been committed. */
export function recordChange(writer: Writer, change: Omit<ContentChange, 'actor' | 'at'>): void {
  writer.events.changed({ ...change, actor: writer.actor, at: new Date().toISOString(), ...(writer.note ? { note: writer.note } : {}) });
}
