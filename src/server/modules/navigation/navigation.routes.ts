import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NavigationAnswerSchema, NavigationSchema } from '../../../shared/schemas/navigation';
import { apiSuccessSchema } from '../../../shared/schemas/api';
import { answers } from '../../http/answers';
import { PUBLIC_ROUTE } from '../../http/access';
import { ok } from '../../http/reply';
import { writerFor } from '../../content/changes';
import { ifMatchVersion, sendEtag } from '../../http/etag';
import { getNavigationVersioned, saveNavigation } from './navigation.service';

const ONE = answers(200, apiSuccessSchema(NavigationAnswerSchema));

/** The header menu and footer columns: read by everyone, saved by the owner. The read answers an ETag; a PUT with a stale If-Match is refused (409). */
export const navigationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/navigation', { ...PUBLIC_ROUTE, schema: { response: ONE } }, async (_request, reply) => {
    const { item, version } = await getNavigationVersioned(app.ctx.db);
    sendEtag(reply, version);
    return ok(item);
  });
  app.put('/navigation', { schema: { body: NavigationSchema, response: ONE } }, async (request, reply) => {
    const saved = await saveNavigation(writerFor(app.ctx, request), request.body, ifMatchVersion(request));
    sendEtag(reply, saved.version);
    return ok(saved.item);
  });
};
