import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdSchema } from '../../../shared/schemas/common';
import { DeletedSchema, apiSuccessSchema, listAnswerSchema } from '../../../shared/schemas/api';
import { wantsPage } from '../../../shared/schemas/list';
import {
  WebhookDeliveryListQuerySchema,
  WebhookDeliverySchema,
  WebhookEndpointInputSchema,
  WebhookEndpointSchema,
  WebhookEndpointUpdateSchema,
  WebhookEndpointWithSecretSchema,
  WebhookEventListSchema,
  WebhookListQuerySchema,
} from '../../../shared/schemas/webhook';
import { answers } from '../../http/answers';
import { ok, okPage } from '../../http/reply';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  knownEvents,
  listDeliveries,
  listEndpoints,
  pageDeliveries,
  pageEndpoints,
  retryDelivery,
  rotateSecret,
  sendTest,
  updateEndpoint,
} from './webhook.service';

const IdParams = z.object({ id: IdSchema });
const DeliveryParams = z.object({ id: IdSchema, deliveryId: IdSchema });
const ONE = answers(200, apiSuccessSchema(WebhookEndpointSchema));
const WITH_SECRET = apiSuccessSchema(WebhookEndpointWithSecretSchema);
const DELIVERY = answers(200, apiSuccessSchema(WebhookDeliverySchema));

/** Content webhooks (decision 065): admin-only, like every route that does not declare itself public. */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const services = (ip: string) => ({ db, allowPrivate: config.webhookAllowPrivate, ip });

  app.get('/', { schema: { querystring: WebhookListQuerySchema, response: answers(200, listAnswerSchema(WebhookEndpointSchema)) } }, async (request) =>
    wantsPage(request.query) ? okPage(await pageEndpoints(db, request.query)) : ok(await listEndpoints(db)),
  );

  app.get('/events', { schema: { response: answers(200, apiSuccessSchema(WebhookEventListSchema)) } }, async () => ok({ events: knownEvents() }));

  app.post('/', { schema: { body: WebhookEndpointInputSchema, response: answers(201, WITH_SECRET) } }, async (request, reply) => {
    const endpoint = await createEndpoint(services(request.ip), request.body);
    // Every copy's dispatcher sleeps while there is no endpoint: this one wakes them.
    app.ctx.contentEvents.webhooksQueued(true);
    return reply.status(201).send(ok(endpoint));
  });

  app.get('/:id', { schema: { params: IdParams, response: ONE } }, async (request) => ok(await getEndpoint(db, request.params.id)));

  app.put('/:id', { schema: { params: IdParams, body: WebhookEndpointUpdateSchema, response: ONE } }, async (request) => {
    const endpoint = await updateEndpoint(services(request.ip), request.params.id, request.body);
    app.ctx.contentEvents.webhooksQueued(true);
    return ok(endpoint);
  });

  app.delete('/:id', { schema: { params: IdParams, response: answers(200, apiSuccessSchema(DeletedSchema)) } }, async (request) => {
    await deleteEndpoint(services(request.ip), request.params.id);
    return ok({ id: request.params.id, deleted: true as const });
  });

  app.post('/:id/rotate', { schema: { params: IdParams, response: answers(200, WITH_SECRET) } }, async (request) =>
    ok(await rotateSecret(services(request.ip), request.params.id)),
  );

  app.post('/:id/test', { schema: { params: IdParams, response: DELIVERY } }, async (request) => {
    const delivery = await sendTest(db, request.params.id);
    app.ctx.webhooks.wake();
    return ok(delivery);
  });

  app.get(
    '/:id/deliveries',
    { schema: { params: IdParams, querystring: WebhookDeliveryListQuerySchema, response: answers(200, listAnswerSchema(WebhookDeliverySchema)) } },
    async (request) =>
      wantsPage(request.query) ? okPage(await pageDeliveries(db, request.params.id, request.query)) : ok(await listDeliveries(db, request.params.id)),
  );

  app.post('/:id/deliveries/:deliveryId/retry', { schema: { params: DeliveryParams, response: DELIVERY } }, async (request) => {
    const delivery = await retryDelivery(db, request.params.id, request.params.deliveryId);
    app.ctx.webhooks.wake();
    return ok(delivery);
  });
};
