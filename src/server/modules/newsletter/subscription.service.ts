import { randomUUID } from 'node:crypto';
import { SubscribeSchema, type SubscribeResult } from '../../../shared/schemas/newsletter';
import { nowIso } from '../../db/json';
import type { SubscriberRow } from '../../db/schema';
import { checkLink } from './newsletter-links';
import { enqueueMail } from './mail-outbox';
import { writeSubscribers, type NewsletterContext } from './newsletter-context';
import type { SubscriberChange } from './subscriber-changes';
import {
  insertSubscriberIfNew,
  selectSubscriberByEmail,
  selectSubscriberById,
  updateSubscriber,
} from './subscriber.repository';
import { toSubscriber } from './subscriber.service';

const change = (event: SubscriberChange['event'], row: SubscriberRow, occurredAt: string): SubscriberChange => ({
  event,
  subscriber: toSubscriber(row),
  occurredAt,
});

/**
 * Subscribes the (normalised) address. The answer is the same for a new, a
 * pending, a confirmed and an unsubscribed address, so the form cannot tell
 * anyone who is subscribed. Without mail the address is confirmed at once;
 * with mail it waits for its owner to open the confirmation link. The mail
 * is not sent here: every sign-up, of any address, adds the address if new
 * and puts one row in the mail outbox, in one transaction, so a new and a
 * known address cost the request the same work and the same time (decision
 * 052); the outbox's sender decides whether a mail is due.
 */
export async function subscribe(ctx: NewsletterContext, email: string): Promise<SubscribeResult> {
  const address = SubscribeSchema.parse({ email }).email;
  const { mail } = ctx;
  if (!mail) {
    await subscribeWithoutMail(ctx, address);
    return { subscribed: true };
  }
  await writeSubscribers(ctx, async (trx) => {
    const now = nowIso();
    const row: SubscriberRow = {
      id: randomUUID(),
      email: address,
      created_at: now,
      status: 'pending',
      confirmed_at: null,
      unsubscribed_at: null,
      confirmation_sent_at: null,
    };
    const created = await insertSubscriberIfNew(trx, row);
    // Read back on both paths: the new row, or the one the address already had.
    const stored = await selectSubscriberByEmail(trx, address);
    if (stored) await enqueueMail(trx, stored.id, now);
    return { result: undefined, changes: created ? [change('subscriber.created', row, now)] : [] };
  });
  mail.wake();
  return { subscribed: true, checkInbox: true };
}

async function subscribeWithoutMail(ctx: NewsletterContext, address: string): Promise<void> {
  await writeSubscribers(ctx, async (trx) => {
    const now = nowIso();
    const row: SubscriberRow = {
      id: randomUUID(),
      email: address,
      created_at: now,
      status: 'confirmed',
      confirmed_at: now,
      unsubscribed_at: null,
      confirmation_sent_at: null,
    };
    if (await insertSubscriberIfNew(trx, row)) return { result: undefined, changes: [change('subscriber.created', row, now)] };
    const existing = await selectSubscriberByEmail(trx, address);
    if (!existing || existing.status === 'confirmed') return { result: undefined, changes: [] };
    // Someone who left (or never confirmed while mail was on) asks again: they are in.
    const confirmed = { ...existing, status: 'confirmed' as const, confirmed_at: now, unsubscribed_at: null };
    await updateSubscriber(trx, existing.id, { status: 'confirmed', confirmed_at: now, unsubscribed_at: null });
    return { result: undefined, changes: [change('subscriber.confirmed', confirmed, now)] };
  });
}

export type LinkOutcome = 'done' | 'already' | 'expired' | 'invalid' | 'withdrawn';

/**
 * Confirms the address of a valid, unexpired confirmation link. An address
 * that unsubscribed after the link was made is not brought back by it: an
 * old mail (or someone who has a copy of it) must not undo a "no". Signing up
 * again sends a new link, made after the unsubscribe, which works.
 */
export async function confirmSubscription(ctx: NewsletterContext, token: string | undefined): Promise<LinkOutcome> {
  const link = await checkLink(ctx.db, 'confirm', token);
  if (!link.valid) return link.reason;
  return writeSubscribers(ctx, async (trx) => {
    const row = await selectSubscriberById(trx, link.subscriberId);
    if (!row) return { result: 'invalid' as const, changes: [] };
    if (row.status === 'confirmed') return { result: 'already' as const, changes: [] };
    if (row.status === 'unsubscribed' && (row.unsubscribed_at === null || link.issuedAt <= Date.parse(row.unsubscribed_at))) {
      return { result: 'withdrawn' as const, changes: [] };
    }
    const now = nowIso();
    await updateSubscriber(trx, row.id, { status: 'confirmed', confirmed_at: now, unsubscribed_at: null });
    const confirmed = { ...row, status: 'confirmed' as const, confirmed_at: now };
    return { result: 'done' as const, changes: [change('subscriber.confirmed', confirmed, now)] };
  });
}

/** Unsubscribes the address of a valid unsubscribe link; the row stays, marked, until the owner deletes it. */
export async function unsubscribe(ctx: NewsletterContext, token: string | undefined): Promise<LinkOutcome> {
  const link = await checkLink(ctx.db, 'unsubscribe', token);
  if (!link.valid) return link.reason;
  return writeSubscribers(ctx, async (trx) => {
    const row = await selectSubscriberById(trx, link.subscriberId);
    if (!row) return { result: 'invalid' as const, changes: [] };
    if (row.status === 'unsubscribed') return { result: 'already' as const, changes: [] };
    const now = nowIso();
    await updateSubscriber(trx, row.id, { status: 'unsubscribed', unsubscribed_at: now });
    const left = { ...row, status: 'unsubscribed' as const, unsubscribed_at: now };
    return { result: 'done' as const, changes: [change('subscriber.unsubscribed', left, now)] };
  });
}

/** Whether an unsubscribe link is one of ours (the page then shows its button). */
export async function isUnsubscribeLink(ctx: NewsletterContext, token: string | undefined): Promise<boolean> {
  const link = await checkLink(ctx.db, 'unsubscribe', token);
  return link.valid && (await selectSubscriberById(ctx.db, link.subscriberId)) !== undefined;
}
