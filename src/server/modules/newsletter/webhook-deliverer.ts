import { createHmac } from 'node:crypto';
import type { Db, DbKind } from '../../db/database';
import type { WebhookOutboxRow } from '../../db/schema';
import { claimDue, markAttemptFailed, markDelivered } from './webhook-outbox';

const BATCH = 20;
/** Looks for due rows this often even when nothing in this process woke it (retries, other copies' writes). */
const POLL_MS = 1000;
const REQUEST_TIMEOUT_MS = 10_000;

export const signatureOf = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

type Log = { warn: (details: object, message: string) => void };

/**
 * Sends the outbox to the provider's webhook. Every copy of the app runs one;
 * rows are claimed in the database, so copies share the work without sending
 * a change twice, and whatever was not delivered is still there after a restart.
 */
export class WebhookDeliverer {
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private woken = false;

  constructor(
    private readonly db: Db,
    private readonly kind: DbKind,
    private readonly target: { url: string; secret: string },
    private readonly log: Log,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** A change was just committed: look now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Finishes the delivery in flight, then stops; undelivered rows wait in the table. */
  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimed = 0;
      try {
        const rows = await claimDue(this.db, this.kind, BATCH);
        claimed = rows.length;
        for (const row of rows) await this.deliver(row);
      } catch (error) {
        this.log.warn({ err: error }, 'newsletter webhook: could not read the outbox; trying again shortly');
      }
      if (claimed < BATCH) await this.pause();
    }
  }

  private pause(): Promise<void> {
    if (this.woken || !this.running) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        this.woken = false;
        resolve();
      };
      const timer = setTimeout(done, POLL_MS);
      this.wakeUp = done;
    });
  }

  private async deliver(row: WebhookOutboxRow): Promise<void> {
    let status: number | null = null;
    try {
      const response = await fetch(this.target.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Showcase-Webhook/1',
          'X-Showcase-Event': row.event,
          'X-Showcase-Delivery': row.id,
          'X-Showcase-Signature': signatureOf(this.target.secret, row.body),
        },
        body: row.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      status = response.status;
      await response.body?.cancel();
      if (status >= 200 && status < 300) {
        await markDelivered(this.db, row.id, status);
        return;
      }
      await markAttemptFailed(this.db, row, { status, error: `HTTP ${status}` });
    } catch (error) {
      const message = error instanceof Error ? (error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message) : String(error);
      await markAttemptFailed(this.db, row, { status, error: message });
    }
  }
}
