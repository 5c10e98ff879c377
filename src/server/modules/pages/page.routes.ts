import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PageAnswerSchema, PageInputSchema } from '../../../shared/schemas/page';
import { DeletedSchema, apiSuccessSchema, listAnswerSchema } from '../../../shared/schemas/api';
import { CategoryListQuerySchema, wantsPage } from '../../../shared/schemas/list';
import { IdSchema, SlugSchema } from '../../../shared/schemas/common';
import { answers } from '../../http/answers';
import { notFound } from '../../http/errors';
import { ok, okPage } from '../../http/reply';
import { PUBLIC_ROUTE } from '../../http/access';
import { ifMatchVersion, sendEtag } from '../../http/etag';
import { writerFor } from '../../content/changes';
import { viewerOf } from '../auth/viewer-of';
import { PAGE_NOT_FOUND, createPage, deletePage, getPageBySlug, getPageVersioned, listPages, pagePages, updatePage } from './page.service';

const IdParams = z.object({ id: IdSchema });
const SlugParams = z.object({ slug: z.string() });
const ONE = answers(200, apiSuccessSchema(PageAnswerSchema));

/** Pages made of blocks (issue 29): visitors read the published ones, the admin everything. */
export const pageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get('/', { ...PUBLIC_ROUTE, schema: { querystring: CategoryListQuerySchema, response: answers(200, listAnswerSchema(PageAnswerSchema)) } }, async (request) => {
    const viewer = await viewerOf(db, request);
    return wantsPage(request.query) ? okPage(await pagePages(db, viewer, request.query)) : ok(await listPages(db, viewer, request.query.status));
  });

  app.get('/slug/:slug', { ...PUBLIC_ROUTE, schema: { params: SlugParams, response: ONE } }, async (request) => {
    const page = SlugSchema.safeParse(request.params.slug).success ? await getPageBySlug(db, await viewerOf(db, request), request.params.slug) : undefined;
    if (!page) throw notFound(PAGE_NOT_FOUND);
    return ok(page);
  });

  app.get('/:id', { schema: { params: IdParams, response: ONE } }, async (request, reply) => {
    const found = await getPageVersioned(db, 'admin', request.params.id);
    if (!found) throw notFound(PAGE_NOT_FOUND);
    sendEtag(reply, found.version);
    return ok(found.item);
  });

  app.post('/', { schema: { body: PageInputSchema, response: answers(201, apiSuccessSchema(PageAnswerSchema)) } }, async (request, reply) => {
    const page = await createPage(writerFor(app.ctx, request), request.body);
    sendEtag(reply, 1);
    return reply.status(201).send(ok(page));
  });

  app.put('/:id', { schema: { params: IdParams, body: PageInputSchema, response: ONE } }, async (request, reply) => {
    const saved = await updatePage(writerFor(app.ctx, request), request.params.id, request.body, ifMatchVersion(request));
    sendEtag(reply, saved.version);
    return ok(saved.item);
  });

  app.delete('/:id', { schema: { params: IdParams, response: answers(200, apiSuccessSchema(DeletedSchema)) } }, async (request) => {
    await deletePage(writerFor(app.ctx, request), request.params.id);
    return ok({ id: request.params.id, deleted: true });
  });
};
