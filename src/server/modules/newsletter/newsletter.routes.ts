import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SubscribeSchema } from '../../../shared/schemas/newsletter';
import { ok, okPage } from '../../http/reply';
import { SubscriberListQuerySchema, wantsPage } from '../../../shared/schemas/list';
import { perMinute } from '../../http/rate-limit';
import { listSubscribers, pageSubscribers, subscribe } from './subscriber.service';

/** Enough for a household behind one address; a script filling the table is stopped. */
export const SUBSCRIBE_PER_MINUTE = 30;

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  // Open to visitors (see the guard); the answer is the same for a new and a known address.
  app.post('/subscribe', { schema: { body: SubscribeSchema }, config: perMinute(SUBSCRIBE_PER_MINUTE) }, async (request) => ok(await subscribe(db, request.body.email)));

  // Admin only: the guard lists it among the private reads.
  app.get('/subscribers', { schema: { querystring: SubscriberListQuerySchema } }, async (request) =>
    wantsPage(request.query) ? okPage(await pageSubscribers(db, request.query)) : ok(await listSubscribers(db, request.query)),
  );
};
