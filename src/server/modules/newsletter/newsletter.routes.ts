import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeleteSubscribersSchema,
  HONEYPOT_FIELD,
  SubscribeAnswerSchema,
  SubscribeSchema,
  SubscriberAnswerSchema,
  SubscriberStatusSchema,
  SubscribersDeletedAnswerSchema,
  WebhookDeliveriesAnswerSchema,
} from '../../../shared/schemas/newsletter';
import { apiSuccessSchema, listAnswerSchema } from '../../../shared/schemas/api';
import { FILE_ROUTE, answers } from '../../http/answers';
import { ok, okPage } from '../../http/reply';
import { SubscriberListQuerySchema, wantsPage } from '../../../shared/schemas/list';
import { PUBLIC_ROUTE } from '../../http/access';
import { notFound, tooManyRequests } from '../../http/errors';
import { hitLimit, type Limit } from '../../http/rate-limit';
import { deleteSubscribers, listSubscribers, pageSubscribers } from './subscriber.service';
import { subscribe } from './subscription.service';
import { subscriberCsvStream } from './subscriber-csv';
import { recentDeliveries } from './webhook-outbox';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const RECENT_DELIVERIES = 50;
const DELETED = answers(200, apiSuccessSchema(SubscribersDeletedAnswerSchema));

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const newsletter = app.ctx.newsletter;
  const perClient: Limit = { max: config.subscribeLimits.perClientPerMinute, windowMs: MINUTE_MS };
  const perAddress: Limit = { max: config.subscribeLimits.perAddressPerHour, windowMs: HOUR_MS };
  const siteWide: Limit = { max: config.subscribeLimits.sitePerHour, windowMs: HOUR_MS };

  // Open to visitors; the answer is the same for a new and a known address. The
  // limits live in the database, so every copy of the app shares them; a client
  // over its own allowance does not use up the site's.
  app.post('/subscribe', { ...PUBLIC_ROUTE, schema: { body: SubscribeSchema, response: answers(200, apiSuccessSchema(SubscribeAnswerSchema)) } }, async (request, reply) => {
    const honeypot = request.body[HONEYPOT_FIELD];
    // A bot filled the field people cannot see: the usual answer, and nothing is kept.
    if (honeypot !== undefined && honeypot !== null && honeypot !== '') {
      return ok(newsletter.mail ? { subscribed: true, checkInbox: true } : { subscribed: true });
    }
    const limits: [string, Limit][] = [
      [`subscribe:ip:${request.ip}`, perClient],
      // Hashed: a limit row must not keep an address that its owner later has deleted.
      [`subscribe:email:${createHash('sha256').update(request.body.email).digest('base64url')}`, perAddress],
      ['subscribe:site', siteWide],
    ];
    for (const [key, limit] of limits) {
      const result = await hitLimit(db, key, limit);
      if (!result.allowed) {
        reply.header('Retry-After', String(result.retryAfterSeconds));
        throw tooManyRequests(`Too many requests. Try again in ${result.retryAfterSeconds} seconds.`);
      }
    }
    return ok(await subscribe(newsletter, request.body.email));
  });

  app.get('/subscribers', { schema: { querystring: SubscriberListQuerySchema, response: answers(200, listAnswerSchema(SubscriberAnswerSchema)) } }, async (request) =>
    wantsPage(request.query) ? okPage(await pageSubscribers(db, request.query)) : ok(await listSubscribers(db, request.query)),
  );

  // Streamed in batches: 50,000 rows never sit in memory at once.
  app.get('/subscribers.csv', { ...FILE_ROUTE, schema: { querystring: z.object({ status: SubscriberStatusSchema.optional() }) } }, async (request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    const name = `subscribers-${request.query.status ?? 'all'}-${day}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .send(subscriberCsvStream(db, request.query.status));
  });

  app.delete('/subscribers/:id', { schema: { params: z.object({ id: z.string().min(1).max(100) }), response: DELETED } }, async (request) => {
    const removed = await deleteSubscribers(newsletter, [request.params.id]);
    if (removed === 0) throw notFound('Subscriber not found');
    return ok({ deleted: removed });
  });

  /** A selection of the owner's list, deleted in one transaction. */
  app.delete('/subscribers', { schema: { body: DeleteSubscribersSchema, response: DELETED } }, async (request) =>
    ok({ deleted: await deleteSubscribers(newsletter, request.body.ids) }),
  );

  app.get('/webhook-deliveries', { schema: { response: answers(200, apiSuccessSchema(WebhookDeliveriesAnswerSchema)) } }, async () =>
    ok({ configured: config.newsletterWebhook !== undefined, deliveries: await recentDeliveries(db, RECENT_DELIVERIES) }),
  );
};
