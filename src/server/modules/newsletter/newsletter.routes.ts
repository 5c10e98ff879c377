import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SubscribeSchema } from '../../../shared/schemas/newsletter';
import { ok, okPage } from '../../http/reply';
import { SubscriberListQuerySchema, wantsPage } from '../../../shared/schemas/list';
import { PUBLIC_ROUTE } from '../../http/access';
import { tooManyRequests } from '../../http/errors';
import { hitLimit } from '../../http/rate-limit';
import { listSubscribers, pageSubscribers, subscribe } from './subscriber.service';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const perClient = { max: config.subscribeLimits.perClientPerMinute, windowMs: MINUTE_MS };
  const siteWide = { max: config.subscribeLimits.sitePerHour, windowMs: HOUR_MS };

  // Open to visitors; the answer is the same for a new and a known address. The
  // limits live in the database, so every copy of the app shares them; a client
  // over its own allowance does not use up the site's.
  app.post('/subscribe', { ...PUBLIC_ROUTE, schema: { body: SubscribeSchema } }, async (request, reply) => {
    for (const [key, limit] of [[`subscribe:ip:${request.ip}`, perClient], ['subscribe:site', siteWide]] as const) {
      const result = await hitLimit(db, key, limit);
      if (!result.allowed) {
        reply.header('Retry-After', String(result.retryAfterSeconds));
        throw tooManyRequests(`Too many requests. Try again in ${result.retryAfterSeconds} seconds.`);
      }
    }
    return ok(await subscribe(db, request.body.email));
  });

  app.get('/subscribers', { schema: { querystring: SubscriberListQuerySchema } }, async (request) =>
    wantsPage(request.query) ? okPage(await pageSubscribers(db, request.query)) : ok(await listSubscribers(db, request.query)),
  );
};
