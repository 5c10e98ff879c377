import { createHmac } from 'node:crypto';
import type { Db, DbKind } from '../../db/database';
import type { WebhookDeliveryRow } from '../../db/schema';
import { openSecret } from '../../content/secret-box';
import { OutboxLoop } from '../newsletter/outbox-loop';
import { claimDue, markAttemptFailed, markDelivered, nextDue, pruneDeliveries, releaseClaims, renewClaim, type DeliveryRetention } from './webhook-deliveries';
import { postWebhook } from './webhook-post';
import { secretName } from './webhook-secret';

const BATCH = 50;
/** With endpoints and nothing due, look this often anyway (a write elsewhere whose notice was missed). */
export const IDLE_POLL_MS = 30_000;
/** Rows due but not claimable here (their endpoint busy here, or claimed elsewhere): look again this soon. */
const BUSY_POLL_MS = 1_000;
/** The delivery log is pruned at most this often per process; several copies pruning the same rows is harmless. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: the time is signed, so a captured request cannot be replayed later. */
export function signatureHeader(secret: string, body: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

type Log = { warn: (details: object, message: string) => void };

/**
 * Sends the content webhooks' deliveries (decision 065). Every copy runs one;
 * rows are claimed in the database, so copies share the work and a restart
 * finds what was not sent. It is woken by writes that queue deliveries (here,
 * and in other copies through the content notification) and otherwise
 * sleeps until the next row is due (idleMs). Each endpoint's rows are sent by
 * their own task, so a slow or dead receiver holds up only itself.
 */
export class WebhookDispatcher extends OutboxLoop {
  private readonly busy = new Map<string, Promise<void>>();
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly kind: DbKind,
    private readonly options: { allowPrivate: boolean; retention: DeliveryRetention; now?: () => number },
    private readonly log: Log,
  ) {
    super({ batch: BATCH, failed: 'webhooks: could not read the deliveries; trying again shortly', log });
  }

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  /**
   * An idle site costs nothing: with no endpoint the loop waits for a wake
   * (a write that queued a delivery, here or in another copy, or an endpoint
   * saved); with endpoints it sleeps until the next row is due, 30 s at most.
   */
  protected override async idleMs(): Promise<number> {
    const { endpoints, dueAt } = await nextDue(this.db);
    if (!endpoints) return Infinity;
    await this.pruneIfDue().catch((error: unknown) => this.log.warn({ err: error }, 'webhooks: could not prune the delivery log; trying again later'));
    if (dueAt === null) return IDLE_POLL_MS;
    return Math.min(Math.max(Date.parse(dueAt) - this.now(), BUSY_POLL_MS), IDLE_POLL_MS);
  }

  /** Prunes the delivery log (decision 075) unless this process did within the hour; answers how many rows went. */
  async pruneIfDue(): Promise<number> {
    const now = this.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return 0;
    this.lastPrune = now;
    return pruneDeliveries(this.db, this.options.retention, now);
  }

  /** Finishes the sends in flight, then stops; the rest waits in the table. */
  override async stop(): Promise<void> {
    await super.stop();
    await Promise.all(this.busy.values());
  }

  /** One claim of due rows, handed to a task per endpoint; answers how many were claimed. */
  override async round(): Promise<number> {
    const rows = await claimDue(this.db, this.kind, BATCH, [...this.busy.keys()], this.now());
    const byEndpoint = new Map<string, WebhookDeliveryRow[]>();
    for (const row of rows) byEndpoint.set(row.endpoint_id, [...(byEndpoint.get(row.endpoint_id) ?? []), row]);
    for (const [endpointId, list] of byEndpoint) {
      const task = this.sendAll(endpointId, list)
        .catch((error: unknown) => this.log.warn({ err: error, endpointId }, 'webhooks: a delivery could not be recorded; it is tried again'))
        .finally(() => {
          this.busy.delete(endpointId);
          this.wake();
        });
      this.busy.set(endpointId, task);
    }
    return rows.length;
  }

  /** Waits until every task started so far has finished (tests, the benchmark). */
  async settle(): Promise<void> {
    while (this.busy.size > 0) await Promise.all(this.busy.values());
  }

  private async sendAll(endpointId: string, rows: WebhookDeliveryRow[]): Promise<void> {
    const endpoint = await this.db.selectFrom('webhook_endpoints').select(['url', 'secret']).where('id', '=', endpointId).executeTakeFirst();
    if (!endpoint) {
      await this.db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', endpointId).execute();
      return;
    }
    const secret = await openSecret(this.db, secretName(endpointId), endpoint.secret);
    for (const [index, row] of rows.entries()) {
      await renewClaim(this.db, row.id, this.now());
      const now = this.now();
      const outcome = await postWebhook(
        endpoint.url,
        {
          'Content-Type': 'application/json',
          'User-Agent': 'Showcase-Webhook/1',
          'X-Showcase-Event': row.event,
          'X-Showcase-Delivery': row.event_id,
          'X-Showcase-Signature': signatureHeader(secret, row.body, now),
        },
        row.body,
        this.options.allowPrivate,
      );
      if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) {
        await markDelivered(this.db, row.id, outcome, this.now());
        continue;
      }
      await markAttemptFailed(this.db, row, outcome, this.now());
      // The receiver is failing: the rest wait for their own turn rather than for this one's timeouts.
      await releaseClaims(this.db, rows.slice(index + 1).map((rest) => rest.id), this.now());
      return;
    }
  }
}
