import { z } from 'zod';
import { HONEYPOT_FIELD } from '../newsletter-form';
import { SUBSCRIBER_STATUSES } from '../statuses';

export { CHECK_INBOX_MESSAGE, HONEYPOT_FIELD } from '../newsletter-form';
export { SUBSCRIBER_STATUSES } from '../statuses';

export const SubscriberStatusSchema = z.enum(SUBSCRIBER_STATUSES, { error: 'must be pending, confirmed or unsubscribed' });
export type SubscriberStatus = z.infer<typeof SubscriberStatusSchema>;

// Stored in lower case: people type their address in any case.
export const SubscribeSchema = z.object({
  email: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(254, 'is too long')
    .pipe(z.email({ error: 'must be a valid e-mail address' }))
    .transform((email) => email.toLowerCase()),
  [HONEYPOT_FIELD]: z.unknown().optional(),
});
export type SubscribeInput = z.input<typeof SubscribeSchema>;

/**
 * The answer to a sign-up. The same for a new, a known and a bot's address;
 * `checkInbox` is there when confirmation mail is on (the form then asks the
 * visitor to open the mail).
 */
export type SubscribeResult = { subscribed: true; checkInbox?: true };

export type Subscriber = { id: string; email: string; createdAt: string; status: SubscriberStatus };

/** A webhook delivery as the owner sees it in the admin. */
export type WebhookDelivery = {
  id: string;
  event: string;
  email: string;
  state: 'pending' | 'retrying' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  deliveredAt: string | null;
};

export const DeleteSubscribersSchema = z.object({
  ids: z.array(z.string().min(1).max(100), { error: 'must be a list of subscriber ids' }).min(1, 'must name at least one subscriber').max(1000, 'must name at most 1000 subscribers'),
});
