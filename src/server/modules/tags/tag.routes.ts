import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TagAnswerSchema, TagInputSchema } from '../../../shared/schemas/tag';
import { DeletedSchema, apiSuccessSchema, listAnswerSchema } from '../../../shared/schemas/api';
import { answers } from '../../http/answers';
import { IdSchema } from '../../../shared/schemas/common';
import { notFound } from '../../http/errors';
import { ok, okPage } from '../../http/reply';
import { TagListQuerySchema, wantsPage } from '../../../shared/schemas/list';
import { TAG_NOT_FOUND, createTag, deleteTag, getTagById, listTags, pageTags, updateTag } from './tag.service';
import { PUBLIC_ROUTE } from '../../http/access';
import { writerFor } from '../../content/changes';
import { viewerOf } from '../auth/viewer-of';

const IdParams = z.object({ id: IdSchema });
const ONE = answers(200, apiSuccessSchema(TagAnswerSchema));

export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, catalogueFigures } = app.ctx;

  app.get('/', { ...PUBLIC_ROUTE, schema: { querystring: TagListQuerySchema, response: answers(200, listAnswerSchema(TagAnswerSchema)) } }, async (request) => {
    const viewer = await viewerOf(db, request);
    return wantsPage(request.query) ? okPage(await pageTags(db, viewer, request.query)) : ok(await listTags(db, viewer, request.query, catalogueFigures));
  });

  app.get('/:id', { ...PUBLIC_ROUTE, schema: { params: IdParams, response: ONE } }, async (request) => {
    const tag = await getTagById(db, request.params.id);
    if (!tag) throw notFound(TAG_NOT_FOUND);
    return ok(tag);
  });

  app.post('/', { schema: { body: TagInputSchema, response: answers(201, apiSuccessSchema(TagAnswerSchema)) } }, async (request, reply) => {
    const tag = await createTag(writerFor(app.ctx, request), request.body);
    return reply.status(201).send(ok(tag));
  });

  app.put('/:id', { schema: { params: IdParams, body: TagInputSchema, response: ONE } }, async (request) => {
    const tag = await updateTag(writerFor(app.ctx, request), request.params.id, request.body);
    return ok(tag);
  });

  app.delete('/:id', { schema: { params: IdParams, response: answers(200, apiSuccessSchema(DeletedSchema)) } }, async (request) => {
    await deleteTag(writerFor(app.ctx, request), request.params.id);
    return ok({ id: request.params.id, deleted: true });
  });
};
