import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdSchema } from '../../../shared/schemas/common';
import { RedirectAnswerSchema, RedirectInputSchema, RedirectListQuerySchema } from '../../../shared/schemas/redirect';
import { DeletedSchema, apiSuccessSchema, listAnswerSchema } from '../../../shared/schemas/api';
import { answers } from '../../http/answers';
import { wantsPage } from '../../../shared/schemas/list';
import { notFound } from '../../http/errors';
import { ok, okPage } from '../../http/reply';
import { writerFor } from '../../content/changes';
import { REDIRECT_NOT_FOUND, createRedirect, deleteRedirect, getRedirectById, listRedirects, pageRedirects, updateRedirect } from './redirect.service';

const IdParams = z.object({ id: IdSchema });
const ONE = answers(200, apiSuccessSchema(RedirectAnswerSchema));

/** The owner's redirects screen: admin-only, like every route that does not declare itself public. */
export const redirectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;

  app.get('/', { schema: { querystring: RedirectListQuerySchema, response: answers(200, listAnswerSchema(RedirectAnswerSchema)) } }, async (request) =>
    wantsPage(request.query) ? okPage(await pageRedirects(db, request.query)) : ok(await listRedirects(db, request.query)),
  );

  app.get('/:id', { schema: { params: IdParams, response: ONE } }, async (request) => {
    const redirect = await getRedirectById(db, request.params.id);
    if (!redirect) throw notFound(REDIRECT_NOT_FOUND);
    return ok(redirect);
  });

  app.post('/', { schema: { body: RedirectInputSchema, response: answers(201, apiSuccessSchema(RedirectAnswerSchema)) } }, async (request, reply) => {
    const redirect = await createRedirect(writerFor(app.ctx, request), request.body, config.publicUrl);
    return reply.status(201).send(ok(redirect));
  });

  app.put('/:id', { schema: { params: IdParams, body: RedirectInputSchema, response: ONE } }, async (request) =>
    ok(await updateRedirect(writerFor(app.ctx, request), request.params.id, request.body, config.publicUrl)),
  );

  app.delete('/:id', { schema: { params: IdParams, response: answers(200, apiSuccessSchema(DeletedSchema)) } }, async (request) => {
    await deleteRedirect(writerFor(app.ctx, request), request.params.id);
    return ok({ id: request.params.id, deleted: true });
  });
};
