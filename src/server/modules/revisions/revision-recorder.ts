import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { ContentEvents } from '../../content-events';
import type { ChangeEntity, ContentChange } from '../../content/changes';
import { deleteRevisionsOf, insertRevision, pruneRevisions } from './revision.repository';
import { summarize } from './revision-summary';

export const REVISIONED = ['product', 'category', 'homepage', 'about', 'theme'] as const;
export type RevisionedEntity = (typeof REVISIONED)[number];
const isRevisioned = (entity: ChangeEntity): entity is RevisionedEntity => (REVISIONED as readonly string[]).includes(entity);

/**
 * Keeps a revision of every save (docs/decisions/018: a listener of the one
 * write path, not a call in each route). Writes run one after another in the
 * order the saves were announced; `settled()` lets a read of the revisions in
 * this process wait for the ones still being written.
 */
export class RevisionRecorder {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  listen(events: ContentEvents): void {
    events.on('change', (change) => this.take(change));
  }

  settled(): Promise<void> {
    return this.queue;
  }

  private take(change: ContentChange): void {
    if (!isRevisioned(change.entity)) return;
    const itemId = change.id ?? '';
    const entity = change.entity;
    const work = async () => {
      if (change.action === 'delete') return deleteRevisionsOf(this.db, entity, itemId);
      if (change.action !== 'create' && change.action !== 'update') return;
      await insertRevision(this.db, {
        id: randomUUID(),
        entity,
        item_id: itemId,
        created_at: change.at,
        summary: summarize(change.action, change.before, change.after, change.note),
        snapshot: JSON.stringify(change.after),
      });
      await pruneRevisions(this.db, entity, itemId);
    };
    // A listener must not break the write it follows: a lost revision is logged.
    this.queue = this.queue.then(work).catch((error: unknown) => this.log.error({ err: error, entity, itemId }, 'revision not recorded'));
  }
}
