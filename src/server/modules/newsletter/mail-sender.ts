import type { Db, DbKind } from '../../db/database';
import type { MailOutboxRow, SubscriberRow } from '../../db/schema';
import { getSiteSettings } from '../site/site-settings.service';
import { getTheme } from '../site/site.service';
import { confirmationMail } from './confirmation-mail';
import type { Mailer } from './mailer';
import { confirmUrl, unsubscribeUrl } from './newsletter-links';
import { claimDueMail, finishMail, retryMailLater } from './mail-outbox';
import { OutboxLoop } from './outbox-loop';
import { claimConfirmationSend, selectSubscriberById, updateSubscriber } from './subscriber.repository';

const BATCH = 20;
/** A pending address gets at most one confirmation mail in this time. */
export const RESEND_AFTER_MS = 10 * 60 * 1000;

type Log = { warn: (details: object, message: string) => void; error: (details: object, message: string) => void };

/**
 * Sends confirmation mail from the outbox, after the sign-up has answered
 * (decision 052). Each row is one sign-up: whether a mail is due is decided
 * here, not in the request, so the request does the same work for every
 * address. A confirmed or deleted address gets nothing; a pending or
 * unsubscribed one gets a mail unless one went out in the last 10 minutes.
 * A failed send is tried again with backoff for a day.
 */
export class MailSender extends OutboxLoop {
  constructor(
    private readonly db: Db,
    private readonly kind: DbKind,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly log: Log,
  ) {
    super({ batch: BATCH, failed: 'newsletter mail: could not read the outbox; trying again shortly', log });
  }

  protected override async round(): Promise<number> {
    const rows = await claimDueMail(this.db, this.kind, BATCH);
    for (const row of rows) await this.handle(row);
    return rows.length;
  }

  private async handle(row: MailOutboxRow): Promise<void> {
    const subscriber = await selectSubscriberById(this.db, row.subscriber_id);
    const now = Date.now();
    const due =
      subscriber !== undefined &&
      subscriber.status !== 'confirmed' &&
      (await claimConfirmationSend(this.db, subscriber.id, new Date(now).toISOString(), new Date(now - RESEND_AFTER_MS).toISOString()));
    if (!due) return finishMail(this.db, row.id);
    try {
      await this.send(subscriber);
      await finishMail(this.db, row.id);
    } catch (error) {
      // Not sent: the next attempt may send at once instead of waiting 10 minutes.
      await updateSubscriber(this.db, subscriber.id, { confirmation_sent_at: null });
      const message = error instanceof Error ? error.message : String(error);
      const again = await retryMailLater(this.db, row, message);
      if (!again) this.log.error({ err: error, subscriberId: subscriber.id }, 'newsletter mail: gave up on a confirmation mail after a day of failures');
      else this.log.warn({ err: error, subscriberId: subscriber.id }, 'newsletter mail could not be sent; trying again later');
    }
  }

  private async send(row: SubscriberRow): Promise<void> {
    const [theme, site] = await Promise.all([getTheme(this.db), getSiteSettings(this.db)]);
    await this.mailer.send(
      confirmationMail({
        to: row.email,
        siteName: site.name,
        primaryColor: theme.primaryColor,
        confirmUrl: await confirmUrl(this.db, this.publicUrl, row.id),
        unsubscribeUrl: await unsubscribeUrl(this.db, this.publicUrl, row.id),
      }),
    );
  }
}
