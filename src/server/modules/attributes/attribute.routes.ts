import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AttributeAnswerSchema, AttributeInputSchema } from '../../../shared/schemas/attribute';
import { DeletedSchema, apiSuccessSchema } from '../../../shared/schemas/api';
import { IdSchema } from '../../../shared/schemas/common';
import { answers } from '../../http/answers';
import { ok } from '../../http/reply';
import { PUBLIC_ROUTE } from '../../http/access';
import { writerFor } from '../../content/changes';
import { createAttribute, deleteAttribute, listAttributes, updateAttribute } from './attribute.service';

const IdParams = z.object({ id: IdSchema });
const ONE = answers(200, apiSuccessSchema(AttributeAnswerSchema));

/** The owner's attributes (issue 28): visitors read them (product pages, facets); writes are the admin's. */
export const attributeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get('/', { ...PUBLIC_ROUTE, schema: { response: answers(200, apiSuccessSchema(z.array(AttributeAnswerSchema))) } }, async () => ok(await listAttributes(db)));

  app.post('/', { schema: { body: AttributeInputSchema, response: answers(201, apiSuccessSchema(AttributeAnswerSchema)) } }, async (request, reply) => {
    const attribute = await createAttribute(writerFor(app.ctx, request), request.body);
    return reply.status(201).send(ok(attribute));
  });

  app.put('/:id', { schema: { params: IdParams, body: AttributeInputSchema, response: ONE } }, async (request) => ok(await updateAttribute(writerFor(app.ctx, request), request.params.id, request.body)));

  app.delete('/:id', { schema: { params: IdParams, response: answers(200, apiSuccessSchema(DeletedSchema)) } }, async (request) => {
    await deleteAttribute(writerFor(app.ctx, request), request.params.id);
    return ok({ id: request.params.id, deleted: true });
  });
};
