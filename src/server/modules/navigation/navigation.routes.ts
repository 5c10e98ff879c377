import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NavigationAnswerSchema, NavigationSchema } from '../../../shared/schemas/navigation';
import { apiSuccessSchema } from '../../../shared/schemas/api';
import { answers } from '../../http/answers';
import { PUBLIC_ROUTE } from '../../http/access';
import { ok } from '../../http/reply';
import { writerFor } from '../../content/changes';
import { getNavigation, saveNavigation } from './navigation.service';

const ONE = answers(200, apiSuccessSchema(NavigationAnswerSchema));

/** The header menu and footer columns: read by everyone, saved by the owner. */
export const navigationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/navigation', { ...PUBLIC_ROUTE, schema: { response: ONE } }, async () => ok(await getNavigation(app.ctx.db)));
  app.put('/navigation', { schema: { body: NavigationSchema, response: ONE } }, async (request) => ok(await saveNavigation(writerFor(app.ctx, request), request.body)));
};
