import { createHmac } from 'node:crypto';
import type { Db, DbKind } from '../../db/database';
import type { WebhookOutboxRow } from '../../db/schema';
import { claimDue, markAttemptFailed, markDelivered } from './webhook-outbox';
import { OutboxLoop } from './outbox-loop';

const BATCH = 20;
const REQUEST_TIMEOUT_MS = 10_000;

export const signatureOf = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

type Log = { warn: (details: object, message: string) => void };

/**
 * Sends the outbox to the provider's webhook. Every copy of the app runs one;
 * rows are claimed in the database, so copies share the work without sending
 * a change twice, and whatever was not delivered is still there after a restart.
 */
export class WebhookDeliverer extends OutboxLoop {
  constructor(
    private readonly db: Db,
    private readonly kind: DbKind,
    private readonly target: { url: string; secret: string },
    log: Log,
  ) {
    super({ batch: BATCH, failed: 'newsletter webhook: could not read the outbox; trying again shortly', log });
  }

  protected override async round(): Promise<number> {
    const rows = await claimDue(this.db, this.kind, BATCH);
    for (const row of rows) await this.deliver(row);
    return rows.length;
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
