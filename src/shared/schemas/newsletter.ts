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
export const SubscribeAnswerSchema = z.strictObject({ subscribed: z.literal(true), checkInbox: z.literal(true).optional() });
export type SubscribeResult = z.infer<typeof SubscribeAnswerSchema>;

export const SubscriberAnswerSchema = z.strictObject({ id: z.string(), email: z.string(), createdAt: z.string(), status: SubscriberStatusSchema });
export type Subscriber = z.infer<typeof SubscriberAnswerSchema>;

/** A webhook delivery as the owner sees it in the admin. */
const WebhookDeliverySchema = z.strictObject({
  id: z.string(),
  event: z.string(),
  email: z.string(),
  state: z.enum(['pending', 'retrying', 'delivered', 'failed']),
  attempts: z.number(),
  lastStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
/** GET /api/newsletter/webhook-deliveries: whether a webhook is set, and its latest deliveries. */
export const WebhookDeliveriesAnswerSchema = z.strictObject({ configured: z.boolean(), deliveries: z.array(WebhookDeliverySchema) });
export type WebhookDeliveries = z.infer<typeof WebhookDeliveriesAnswerSchema>;

/** Deleting subscribers answers how many went. */
export const SubscribersDeletedAnswerSchema = z.strictObject({ deleted: z.number() });
export type SubscribersDeleted = z.infer<typeof SubscribersDeletedAnswerSchema>;

export const DeleteSubscribersSchema = z.object({
  ids: z.array(z.string().min(1).max(100), { error: 'must be a list of subscriber ids' }).min(1, 'must name at least one subscriber').max(1000, 'must name at most 1000 subscribers'),
});
