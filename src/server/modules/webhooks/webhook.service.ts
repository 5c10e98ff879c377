import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../db/schema';
import { nowIso } from '../../db/json';
import { afterKey, toPage } from '../../db/paging';
import { inTransaction } from '../../db/transaction';
import { decodeCursor } from '../../http/cursor';
import { badField, conflict, notFound } from '../../http/errors';
import { sealSecret } from '../../content/secret-box';
import { insertAuditEntry } from '../../content/effects/audit-entry';
import { enqueueEvent, webhookEventNames } from '../../content/effects/webhook-events';
import { DEFAULT_PAGE_LIMIT, type Page, type PageQuery } from '../../../shared/schemas/list';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
} from '../../../shared/schemas/webhook';
import { WebhookEndpointInputSchema } from '../../../shared/schemas/webhook';
import { endpointUrlProblem } from './url-guard';
import { newWebhookSecret, secretName } from './webhook-secret';

export const WEBHOOK_NOT_FOUND = 'Webhook endpoint not found';
export const DELIVERY_NOT_FOUND = 'Delivery not found';

/** What the services need: the database, whether private addresses are allowed, who asks (audit). */
export type WebhookServices = { db: Db; allowPrivate: boolean; ip: string };

const parseEvents = (text: string): string[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

export function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: parseEvents(row.events),
    enabled: row.enabled === 1,
    ...(row.enabled !== 1 && row.disabled_reason ? { disabledReason: row.disabled_reason } : {}),
  };
}

const stateOf = (row: WebhookDeliveryRow): WebhookDelivery['state'] =>
  row.delivered_at ? 'delivered' : row.failed_at ? 'failed' : row.attempts > 0 ? 'retrying' : 'pending';

export function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  const state = stateOf(row);
  return {
    id: row.id,
    eventId: row.event_id,
    event: row.event,
    state,
    attempts: row.attempts,
    createdAt: row.created_at,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: state === 'pending' || state === 'retrying' ? row.next_attempt_at : null,
    deliveredAt: row.delivered_at,
    responseStatus: row.last_status,
    responseMs: row.response_ms,
    responseBody: row.response_excerpt,
    error: row.last_error,
  };
}

async function checkedUrl(services: WebhookServices, url: string): Promise<string> {
  const problem = await endpointUrlProblem(url, services.allowPrivate);
  if (problem) throw badField(`url: ${problem}`);
  return url;
}

function checkedEvents(events: readonly string[]): string[] {
  const known = new Set(webhookEventNames());
  const unknown = events.find((event) => !known.has(event));
  if (unknown !== undefined) throw badField(`events: "${unknown}" is not an event (known: ${[...known].join(', ')})`);
  return [...new Set(events)];
}

const audit = (services: WebhookServices, action: string, row: Pick<WebhookEndpointRow, 'id' | 'url'>) =>
  insertAuditEntry(services.db, { action, targetType: 'webhook', targetId: row.id, summary: row.url, ip: services.ip });

const EndpointCursor = z.tuple([z.string(), z.string()]);

export async function listEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  return (await db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at').orderBy('id').execute()).map(toEndpoint);
}

export async function pageEndpoints(db: Db, query: PageQuery): Promise<Page<WebhookEndpoint>> {
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  let select = db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at').orderBy('id').limit(limit + 1);
  if (query.cursor) {
    const key = decodeCursor(query.cursor, EndpointCursor);
    select = select.where(afterKey([{ column: 'created_at', direction: 'asc' }, { column: 'id', direction: 'asc' }], key));
  }
  const total = Number((await db.selectFrom('webhook_endpoints').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return toPage(await select.execute(), limit, (row) => [row.created_at, row.id], toEndpoint, total);
}

async function endpointRow(db: Db, id: string): Promise<WebhookEndpointRow> {
  const row = await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  return row;
}

export const getEndpoint = async (db: Db, id: string) => toEndpoint(await endpointRow(db, id));

export async function createEndpoint(services: WebhookServices, input: WebhookEndpointInput): Promise<WebhookEndpointWithSecret> {
  const parsed = WebhookEndpointInputSchema.parse(input);
  const url = await checkedUrl(services, parsed.url);
  const events = checkedEvents(parsed.events);
  const id = randomUUID();
  const secret = newWebhookSecret();
  const now = nowIso();
  const row: WebhookEndpointRow = {
    id,
    url,
    description: parsed.description,
    events: JSON.stringify(events),
    enabled: parsed.enabled ? 1 : 0,
    secret: await sealSecret(services.db, secretName(id), secret),
    disabled_reason: null,
    created_at: now,
    updated_at: now,
  };
  await services.db.insertInto('webhook_endpoints').values(row).execute();
  await audit(services, 'webhook.create', row);
  return { ...toEndpoint(row), secret };
}

export async function updateEndpoint(services: WebhookServices, id: string, input: WebhookEndpointUpdate): Promise<WebhookEndpoint> {
  const current = await endpointRow(services.db, id);
  const changes: Partial<WebhookEndpointRow> = { updated_at: nowIso() };
  if (input.url !== undefined && input.url !== current.url) changes.url = await checkedUrl(services, input.url);
  if (input.description !== undefined) changes.description = input.description;
  if (input.events !== undefined) changes.events = JSON.stringify(checkedEvents(input.events));
  if (input.enabled !== undefined) {
    changes.enabled = input.enabled ? 1 : 0;
    changes.disabled_reason = null;
  }
  await services.db.updateTable('webhook_endpoints').set(changes).where('id', '=', id).execute();
  const row = await endpointRow(services.db, id);
  await audit(services, 'webhook.update', row);
  return toEndpoint(row);
}

export async function deleteEndpoint(services: WebhookServices, id: string): Promise<void> {
  const row = await endpointRow(services.db, id);
  await inTransaction(services.db, async (trx) => {
    await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
    await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
  });
  await audit(services, 'webhook.delete', row);
}

/** A new secret replaces the old at once; it is answered this once and never again. */
export async function rotateSecret(services: WebhookServices, id: string): Promise<WebhookEndpointWithSecret> {
  const row = await endpointRow(services.db, id);
  const secret = newWebhookSecret();
  await services.db
    .updateTable('webhook_endpoints')
    .set({ secret: await sealSecret(services.db, secretName(id), secret), updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
  await audit(services, 'webhook.rotate', row);
  return { ...toEndpoint(row), secret };
}

/** The admin's "Send test": a `ping` to this endpoint alone, through the same outbox as every event. */
export async function sendTest(db: Db, id: string): Promise<WebhookDelivery> {
  const row = await endpointRow(db, id);
  const eventId = await inTransaction(db, (trx) =>
    enqueueEvent(trx, { event: 'ping', itemKey: `ping:${randomUUID()}`, data: { endpoint: { id: row.id, url: row.url }, message: 'A test event from Showcase' }, endpointId: id }),
  );
  const delivery = await db.selectFrom('webhook_deliveries').selectAll().where('event_id', '=', eventId).where('endpoint_id', '=', id).executeTakeFirstOrThrow();
  return toDelivery(delivery);
}

const DeliveryCursor = z.tuple([z.number()]);

export async function listDeliveries(db: Db, endpointId: string): Promise<WebhookDelivery[]> {
  await endpointRow(db, endpointId);
  return (await db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).orderBy('seq', 'desc').execute()).map(toDelivery);
}

export async function pageDeliveries(db: Db, endpointId: string, query: PageQuery): Promise<Page<WebhookDelivery>> {
  await endpointRow(db, endpointId);
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  let select = db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).orderBy('seq', 'desc').limit(limit + 1);
  if (query.cursor) select = select.where('seq', '<', decodeCursor(query.cursor, DeliveryCursor)[0]);
  const total = Number(
    (await db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll().as('n')).where('endpoint_id', '=', endpointId).executeTakeFirstOrThrow()).n,
  );
  return toPage(await select.execute(), limit, (row) => [Number(row.seq)], toDelivery, total);
}

/** Sends a delivery again, with the same event id (a receiver that already has it can tell). */
export async function retryDelivery(db: Db, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  const now = nowIso();
  const row = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', deliveryId).where('endpoint_id', '=', endpointId).executeTakeFirst();
  if (!row) throw notFound(DELIVERY_NOT_FOUND);
  if (row.claimed_until > now) throw conflict('The delivery is being sent right now');
  await db
    .updateTable('webhook_deliveries')
    .set({ delivered_at: null, failed_at: null, next_attempt_at: now, scheduled: 0 })
    .where('id', '=', deliveryId)
    .execute();
  return toDelivery({ ...row, delivered_at: null, failed_at: null, next_attempt_at: now });
}

/** Every event an endpoint may ask for. */
export const knownEvents = () => webhookEventNames();
