import type { Db } from '../db/database';
import { inTransaction } from '../db/transaction';
import type { ChangeAction, ContentChange, Writer } from './changes';
import { contentType, type AddressedType, type ContentTypeName } from './types';
import { reindexProducts } from './effects/search-index';
import { claimAddress, dropAddress, moveAddress } from './effects/addresses';
import { recordRevision } from './effects/revisions';
import { recordAuditEntry } from './effects/audit-entry';
import { recordMediaUsages } from './effects/media-usages';
import { recordWebhookEvents } from './effects/webhook-events';

/** What a write does to which item: the id is null for singletons and for reorders of a whole list. */
export type WriteTarget = { type: ContentTypeName; action: ChangeAction; id: string | null };

/** What the service's own work hands back: its answer, and the item's API shape before and after (null on create / delete). */
export type Written<T> = { result: T; before: unknown; after: unknown };

type Effect = (trx: Db, change: ContentChange, linked: string[], writer: Writer) => Promise<void>;

const fieldOf = (item: unknown, field: string) => (item && typeof item === 'object' ? (item as Record<string, unknown>)[field] : undefined);
const isItemWrite = (action: ChangeAction) => action !== 'reorder';

/** The products whose search rows show the item; on an update only when a searched field changed. */
async function productsToReindex(trx: Db, change: ContentChange, linkedBefore: string[]): Promise<string[]> {
  const search = contentType(change.entity).search;
  if (!search || !isItemWrite(change.action) || change.id === null) return [];
  if (change.action === 'delete') return linkedBefore;
  const changed = !search.fields || change.action === 'create' || search.fields.some((field) => JSON.stringify(fieldOf(change.before, field)) !== JSON.stringify(fieldOf(change.after, field)));
  return changed ? search.products(trx, change.id) : [];
}

const searchIndex: Effect = async (trx, change, linked, writer) => {
  const ids = await productsToReindex(trx, change, linked);
  // Gathered for the outer transaction, which reindexes them once before it commits.
  if (writer.reindexLater) for (const id of ids) writer.reindexLater.add(id);
  else if (ids.length > 0) await reindexProducts(trx, ids);
};

const addresses: Effect = async (trx, change) => {
  if (!contentType(change.entity).address || change.id === null) return;
  const item = { type: change.entity as AddressedType, id: change.id };
  const before = change.before as { slug: string; status: string; publishAt: string | null } | null;
  const after = change.after as { slug: string } | null;
  if (change.action === 'create' && after) await claimAddress(trx, item, after.slug);
  if (change.action === 'update' && before && after) await moveAddress(trx, item, before, after.slug);
  if (change.action === 'delete' && before) await dropAddress(trx, item, before.slug);
};

const revision: Effect = async (trx, change) => {
  if (contentType(change.entity).revisioned) await recordRevision(trx, change);
};

/**
 * Every effect of a write that must not be lost, in the order they run in the
 * write's transaction. A new one (an outbox row for something delivered
 * later, say) is added here, once, for every type.
 */
const IN_TRANSACTION: readonly Effect[] = [searchIndex, addresses, revision, recordAuditEntry, recordMediaUsages, recordWebhookEvents];

/**
 * One content write as one unit of work (decision 056): a transaction runs
 * the service's own rows (`work`), then the search index, the item's address
 * and redirects, its revision, the audit entry and the media-usage rows;
 * anything that throws rolls all of it back and nothing is announced. Once
 * committed, the change is announced once (page cache, NOTIFY, cluster relay,
 * wake-ups: events.ts). Inside an outer transaction (the demo seeder) the
 * writer's sink holds the announcement until that one commits.
 *
 * Like every transaction here, `work` may run again after a lost deadlock
 * (inTransaction), so it only touches the database.
 */
export async function write<T>(writer: Writer, target: WriteTarget, work: (trx: Db) => Promise<Written<T>>): Promise<T> {
  let change: ContentChange | undefined;
  const result = await inTransaction(writer.db, async (trx) => {
    const search = contentType(target.type).search;
    // A deleted item's links go with it: the products it showed in are read first.
    const linked = search && target.action === 'delete' && target.id !== null ? await search.products(trx, target.id) : [];
    const done = await work(trx);
    change = {
      entity: target.type,
      action: target.action,
      id: target.id,
      before: done.before,
      after: done.after,
      actor: writer.actor,
      at: new Date().toISOString(),
      ...(writer.note ? { note: writer.note } : {}),
    };
    for (const effect of IN_TRANSACTION) await effect(trx, change, linked, writer);
    return done.result;
  });
  writer.events.changed(change!);
  return result;
}
