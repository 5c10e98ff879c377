import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context';
import { HONEYPOT_FIELD } from '../../../shared/newsletter-form';
import { DEFAULT_SUCCESS_MESSAGE, type FormSubmissionInput } from '../../../shared/schemas/form-submission';
import { notFound } from '../../http/errors';
import { hitLimit, type Limit } from '../../http/rate-limit';
import { FORM_NOT_FOUND, findForm, submitForm } from './form-submission.service';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export type Received = { sent: { id: string; message: string } } | { limited: { retryAfterSeconds: number } };

/**
 * A visitor's contact-form submission, however it came (the JSON API, or a plain post of the page
 * without JavaScript): the honeypot, the newsletter's database rate limits, then the stored row
 * (form-submission.service.ts). Throws 404 for an unknown form, 400 naming the field.
 */
export async function receiveSubmission(ctx: AppContext, clientAddress: string, pageId: string, blockId: string, body: FormSubmissionInput): Promise<Received> {
  const { db, config } = ctx;
  const honeypot = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  // A bot filled the field people cannot see: the usual answer, and nothing is kept.
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') {
    const form = await findForm(db, pageId, blockId);
    if (!form) throw notFound(FORM_NOT_FOUND);
    return { sent: { id: randomUUID(), message: form.block.successMessage || DEFAULT_SUCCESS_MESSAGE } };
  }
  // The newsletter's allowances: one visitor cannot use up the site's.
  const perClient: Limit = { max: config.subscribeLimits.perClientPerMinute, windowMs: MINUTE_MS };
  const siteWide: Limit = { max: config.subscribeLimits.sitePerHour, windowMs: HOUR_MS };
  for (const [key, limit] of [[`form:ip:${clientAddress}`, perClient], ['form:site', siteWide]] as const) {
    const result = await hitLimit(db, key, limit);
    if (!result.allowed) return { limited: { retryAfterSeconds: result.retryAfterSeconds } };
  }
  const sent = await submitForm(db, { mailOn: ctx.formMail !== undefined }, pageId, blockId, body);
  ctx.formMail?.wake();
  ctx.webhooks.wake();
  return { sent };
}

export const tooManyText = (retryAfterSeconds: number) => `Too many requests. Try again in ${retryAfterSeconds} seconds.`;
