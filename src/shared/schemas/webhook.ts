import { z } from 'zod';
import { PageQuerySchema } from './list';

/** An endpoint as the API answers it; the secret only on create and on rotate. */
export const WebhookEndpointSchema = z.strictObject({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** Only on an endpoint the site switched off: why (a day of failed deliveries). */
  disabledReason: z.string().optional(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;

const EventListSchema = z
  .array(z.string({ error: 'must be event names' }).max(100, 'is too long'), { error: 'must be a list of event names' })
  .max(100, 'has too many events');

export const WebhookEndpointInputSchema = z.object({
  url: z.string({ error: 'is required' }).trim().min(1, 'is required').max(2000, 'is too long'),
  description: z.string({ error: 'must be text' }).trim().max(500, 'is too long').default(''),
  events: EventListSchema.min(1, 'must name at least one event'),
  enabled: z.boolean({ error: 'must be true or false' }).default(true),
});
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInputSchema>;

/** PUT changes the fields it names. */
export const WebhookEndpointUpdateSchema = z.object({
  url: WebhookEndpointInputSchema.shape.url.optional(),
  description: z.string({ error: 'must be text' }).trim().max(500, 'is too long').optional(),
  events: EventListSchema.min(1, 'must name at least one event').optional(),
  enabled: z.boolean({ error: 'must be true or false' }).optional(),
});
export type WebhookEndpointUpdate = z.infer<typeof WebhookEndpointUpdateSchema>;

/** One event for one endpoint, and how its delivery went (the delivery log). */
export const WebhookDeliverySchema = z.strictObject({
  id: z.string(),
  eventId: z.string(),
  event: z.string(),
  state: z.enum(['pending', 'retrying', 'delivered', 'failed']),
  attempts: z.number(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  responseStatus: z.number().nullable(),
  responseMs: z.number().nullable(),
  /** The first bytes of the receiver's answer. */
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListQuerySchema = PageQuerySchema;
export type WebhookDeliveryListQuery = z.infer<typeof WebhookDeliveryListQuerySchema>;
export const WebhookListQuerySchema = PageQuerySchema;
export type WebhookListQuery = z.infer<typeof WebhookListQuerySchema>;

/** What the admin's form offers: every event an endpoint may ask for. */
export const WebhookEventListSchema = z.strictObject({ events: z.array(z.string()) });
