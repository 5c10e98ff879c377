import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { ContentChange } from '../changes';
import { contentType, contentTypeNames, type ContentTypeName, type WebhookAction } from '../types';

/** Events that are not content writes: subscribers, forms (when they exist) and the admin's "Send test". */
export const OTHER_WEBHOOK_EVENTS = [
  'subscriber.created',
  'subscriber.confirmed',
  'subscriber.unsubscribed',
  'subscriber.deleted',
  'form.submitted',
  'ping',
] as const;

const ITEM_ACTIONS: readonly WebhookAction[] = ['created', 'updated', 'deleted'];
const PUBLISHABLE_ACTIONS: readonly WebhookAction[] = ['created', 'updated', 'published', 'unpublished', 'deleted'];

/** The actions a type sends, read from its declaration (types.ts): a type added later sends its events unasked. */
function actionsOf(name: ContentTypeName): readonly WebhookAction[] {
  const type = contentType(name);
  if (type.events === false) return [];
  if ('setting' in type.store) return ['updated'];
  const all = type.publishable ? PUBLISHABLE_ACTIONS : ITEM_ACTIONS;
  return type.events ? all.filter((action) => type.events !== false && type.events?.actions.includes(action)) : all;
}

/** Settings (homepage, about, theme, site settings, navigation) all tell of one thing: the site changed. */
const eventNameOf = (name: ContentTypeName, action: WebhookAction) => ('setting' in contentType(name).store ? 'site.updated' : `${name}.${action}`);

/** Every event an endpoint may ask for, in a stable order (the admin's checkboxes). */
export function webhookEventNames(): string[] {
  const names = contentTypeNames().flatMap((name) => actionsOf(name).map((action) => eventNameOf(name, action)));
  return [...new Set([...names, ...OTHER_WEBHOOK_EVENTS])];
}

/** An event to deliver to every endpoint that asked for it. */
export type WebhookEvent = {
  event: string;
  /** Events of one item reach each endpoint in the order they were written (`product:<id>`, `site`, `subscriber:<id>`). */
  itemKey: string;
  data: unknown;
  previous?: Record<string, unknown>;
  occurredAt?: string;
  /** Delivered no earlier than this (a scheduled item's `published`); such a row is dropped by the item's next write. */
  dueAt?: string;
  /** Only this endpoint, whatever it asked for (the admin's "Send test"). */
  endpointId?: string;
};

let lastSeqMs = 0;
let seqCounter = 0;
/** Increasing within this process (ms * 1000 + counter); per-item delivery follows it. */
function nextSeq(now: number): number {
  if (now > lastSeqMs) {
    lastSeqMs = now;
    seqCounter = 0;
  } else seqCounter += 1;
  return lastSeqMs * 1000 + Math.min(seqCounter, 999);
}

const parseEvents = (text: string): string[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * Writes one delivery row per endpoint that wants the event; call it inside
 * the transaction of the change, so a committed change is always delivered
 * and a rolled-back one never is. Answers the event id.
 */
export async function enqueueEvent(trx: Db, event: WebhookEvent): Promise<string> {
  return (await queueEvent(trx, event)).id;
}

async function queueEvent(trx: Db, event: WebhookEvent): Promise<{ id: string; queued: number }> {
  const id = randomUUID();
  let query = trx.selectFrom('webhook_endpoints').select(['id', 'events']);
  query = event.endpointId ? query.where('id', '=', event.endpointId) : query.where('enabled', '=', 1);
  const endpoints = (await query.execute()).filter((endpoint) => event.endpointId || parseEvents(endpoint.events).includes(event.event));
  if (endpoints.length === 0) return { id, queued: 0 };
  const occurredAt = event.occurredAt ?? new Date().toISOString();
  const body = JSON.stringify({ id, event: event.event, occurredAt, data: event.data ?? null, previous: event.previous ?? {} });
  const now = new Date().toISOString();
  await trx
    .insertInto('webhook_deliveries')
    .values(
      endpoints.map((endpoint) => ({
        id: randomUUID(),
        event_id: id,
        endpoint_id: endpoint.id,
        seq: nextSeq(Date.now()),
        item_key: event.itemKey.slice(0, 300),
        event: event.event,
        body,
        created_at: now,
        next_attempt_at: event.dueAt ?? now,
        claimed_until: new Date(0).toISOString(),
        attempts: 0,
        scheduled: event.dueAt ? 1 : 0,
      })),
    )
    .execute();
  return { id, queued: endpoints.length };
}

type PublishFields = { status?: unknown; publishAt?: unknown };
const isLive = (item: unknown, now: string) => {
  if (!item || typeof item !== 'object') return false;
  const { status, publishAt } = item as PublishFields;
  return status === 'published' || (status === 'scheduled' && typeof publishAt === 'string' && publishAt <= now);
};
const scheduledAt = (item: unknown, now: string): string | undefined => {
  const { status, publishAt } = (item ?? {}) as PublishFields;
  return status === 'scheduled' && typeof publishAt === 'string' && publishAt > now ? publishAt : undefined;
};

/** The top-level fields of `before` whose values the write changed. */
function changedFields(before: unknown, after: unknown): Record<string, unknown> {
  if (!before || typeof before !== 'object' || !after || typeof after !== 'object') return {};
  const previous: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(before)) {
    if (JSON.stringify(value) !== JSON.stringify((after as Record<string, unknown>)[field])) previous[field] = value;
  }
  return previous;
}

/**
 * What a content write tells the endpoints (decision 065). Drafts and
 * scheduled items are held back: created is sent for an item created live, a
 * draft sends published when it goes live (a scheduled one at its time),
 * updated only while live, deleted only for an item that was live.
 */
export function eventsOfChange(change: ContentChange, now = new Date().toISOString()): { action: WebhookAction; dueAt?: string }[] {
  if (change.action === 'reorder' || change.id === null && !('setting' in contentType(change.entity).store)) return [];
  const publishable = contentType(change.entity).publishable === true;
  const wanted = actionsOf(change.entity);
  const found: { action: WebhookAction; dueAt?: string }[] = [];
  if (!publishable) {
    found.push({ action: change.action === 'create' ? 'created' : change.action === 'delete' ? 'deleted' : 'updated' });
  } else {
    const was = change.action !== 'create' && isLive(change.before, now);
    const is = change.action !== 'delete' && isLive(change.after, now);
    if (change.action === 'create' && is) found.push({ action: 'created' });
    if (change.action === 'update' && was && is) found.push({ action: 'updated' });
    if (change.action === 'update' && !was && is) found.push({ action: 'published' });
    if (change.action === 'update' && was && !is) found.push({ action: 'unpublished' });
    if (change.action === 'delete' && was) found.push({ action: 'deleted' });
    const due = change.action === 'delete' ? undefined : scheduledAt(change.after, now);
    if (due) found.push({ action: 'published', dueAt: due });
  }
  return found.filter((event) => wanted.includes(event.action));
}

/** The write unit's outbox effect: the events of the change, one row per endpoint, in the write's transaction. */
export async function recordWebhookEvents(trx: Db, change: ContentChange): Promise<void> {
  const setting = 'setting' in contentType(change.entity).store;
  const itemKey = setting ? 'site' : `${change.entity}:${change.id ?? ''}`;
  const now = new Date().toISOString();
  // A scheduled `published` not yet due belongs to the item as it was: its next write decides again.
  if (!setting && change.id !== null && contentType(change.entity).publishable) {
    await trx
      .deleteFrom('webhook_deliveries')
      .where('item_key', '=', itemKey)
      .where('scheduled', '=', 1)
      .where('attempts', '=', 0)
      .where('next_attempt_at', '>', now)
      .execute();
  }
  for (const found of eventsOfChange(change, now)) {
    const item = change.action === 'delete' ? change.before : change.after;
    const { queued } = await queueEvent(trx, {
      event: eventNameOf(change.entity, found.action),
      itemKey,
      data: setting ? { section: change.entity, value: item } : item,
      previous: change.action === 'update' ? changedFields(change.before, change.after) : {},
      occurredAt: found.dueAt ?? change.at,
      ...(found.dueAt ? { dueAt: found.dueAt } : {}),
    });
    // Told once the write commits (events.ts): a write that queued nothing wakes no dispatcher.
    if (queued > 0) change.queuedWebhooks = true;
  }
}
