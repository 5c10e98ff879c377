import type { Deleted } from '../../../../../shared/schemas';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointInput, WebhookEndpointUpdate, WebhookEndpointWithSecret } from '../../../../../shared/schemas/webhook';
import { adminPage, adminRequest } from '../../../lib/admin-api';

const one = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

export const listWebhooks = () => adminPage<WebhookEndpoint>('/webhooks?limit=100');
export const webhookEvents = () => adminRequest<{ events: string[] }>('/webhooks/events');
export const createWebhook = (input: WebhookEndpointInput) => adminRequest<WebhookEndpointWithSecret>('/webhooks', { method: 'POST', body: input });
export const updateWebhook = (id: string, input: WebhookEndpointUpdate) => adminRequest<WebhookEndpoint>(one(id), { method: 'PUT', body: input });
export const deleteWebhook = (id: string) => adminRequest<Deleted>(one(id), { method: 'DELETE' });
export const rotateWebhookSecret = (id: string) => adminRequest<WebhookEndpointWithSecret>(`${one(id)}/rotate`, { method: 'POST' });
export const sendTestEvent = (id: string) => adminRequest<WebhookDelivery>(`${one(id)}/test`, { method: 'POST' });
export const listDeliveries = (id: string) => adminPage<WebhookDelivery>(`${one(id)}/deliveries?limit=50`);
export const retryDelivery = (id: string, deliveryId: string) =>
  adminRequest<WebhookDelivery>(`${one(id)}/deliveries/${encodeURIComponent(deliveryId)}/retry`, { method: 'POST' });
