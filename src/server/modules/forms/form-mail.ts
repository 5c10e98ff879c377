import type { Db, DbKind } from '../../db/database';
import type { FormSubmissionRow } from '../../db/schema';
import { parseJson } from '../../db/json';
import type { Mailer } from '../newsletter/mailer';
import { OutboxLoop } from '../newsletter/outbox-loop';
import { GIVE_UP_AFTER_MS, RETRY_STEPS_S } from '../newsletter/webhook-outbox';
import { getSiteSettings } from '../site/site-settings.service';
import { claimDueSubmissionMail, setMailState } from './form-submission.repository';

const BATCH = 20;
type Log = { warn: (details: object, message: string) => void; error: (details: object, message: string) => void };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The owner's copy of one submission, with reply-to the sender. */
export function submissionMail(row: FormSubmissionRow, to: string, siteName: string) {
  const extras = parseJson<{ label: string; value: string }[]>(row.fields, []);
  const lines = [`From: ${row.name} <${row.email}>`, `Page: ${row.page_title}`, ...extras.map((field) => `${field.label}: ${field.value}`), '', row.message];
  return {
    to,
    replyTo: `"${row.name.replace(/["\\\r\n]/g, '')}" <${row.email}>`,
    subject: `${siteName}: a message from ${row.name.replace(/[\r\n]/g, ' ')}`.slice(0, 200),
    text: lines.join('\n'),
    html: `<p>${lines.map(escapeHtml).join('<br>')}</p>`,
  };
}

/**
 * Sends the owner one mail per submission, from the submissions' own rows
 * (mail_status 'pending'), after the visitor has had the answer: a failed
 * send is tried again with the webhook's backoff for a day, and the
 * submission stays in the inbox whatever happens to its mail.
 */
export class FormMailSender extends OutboxLoop {
  constructor(
    private readonly db: Db,
    private readonly kind: DbKind,
    private readonly mailer: Mailer,
    private readonly log: Log,
  ) {
    super({ batch: BATCH, failed: 'contact form mail: could not read the outbox; trying again shortly', log });
  }

  protected override async round(): Promise<number> {
    const rows = await claimDueSubmissionMail(this.db, this.kind, BATCH);
    for (const row of rows) await this.handle(row);
    return rows.length;
  }

  private async handle(row: FormSubmissionRow): Promise<void> {
    const site = await getSiteSettings(this.db);
    if (!site.contactEmail) return setMailState(this.db, row.id, { mail_status: 'none' });
    try {
      await this.mailer.send(submissionMail(row, site.contactEmail, site.name));
      await setMailState(this.db, row.id, { mail_status: 'sent', mail_last_error: null });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const now = Date.now();
      const delayS = RETRY_STEPS_S[Math.min(row.mail_attempts, RETRY_STEPS_S.length) - 1] ?? RETRY_STEPS_S[0]!;
      const next = now + delayS * 1000;
      if (next - Date.parse(row.created_at) > GIVE_UP_AFTER_MS) {
        await setMailState(this.db, row.id, { mail_status: 'failed', mail_last_error: message.slice(0, 500) });
        this.log.error({ err: error, submissionId: row.id }, 'contact form mail: gave up after a day of failures; the submission is in the inbox');
        return;
      }
      await setMailState(this.db, row.id, { mail_next_attempt_at: new Date(next).toISOString(), mail_claimed_until: new Date(now).toISOString(), mail_last_error: message.slice(0, 500) });
      this.log.warn({ err: error, submissionId: row.id }, 'contact form mail could not be sent; trying again later');
    }
  }
}
