import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoryAnswerSchema, CategoryInputSchema, CategoryReorderSchema } from '../../../shared/schemas/category';
import { PositionAnswerSchema } from '../../../shared/schemas/product';
import { CategoryUsageAnswerSchema } from '../../../shared/schemas/category-usage';
import { DeletedSchema, apiSuccessSchema, listAnswerSchema } from '../../../shared/schemas/api';
import { answers } from '../../http/answers';
import { IdSchema, SlugSchema } from '../../../shared/schemas/common';
import { notFound } from '../../http/errors';
import { ok, okPage } from '../../http/reply';
import { CategoryListQuerySchema, wantsPage } from '../../../shared/schemas/list';
import { PUBLIC_ROUTE } from '../../http/access';
import { ifMatchVersion, sendEtag } from '../../http/etag';
import { writerFor } from '../../content/changes';
import { viewerOf } from '../auth/viewer-of';
import {
  CATEGORY_NOT_FOUND,
  createCategory,
  deleteCategory,
  getCategoryById,
  getCategoryBySlug,
  getCategoryVersioned,
  listCategories,
  pageCategories,
  reorderCategories,
  updateCategory,
} from './category.service';
import { categoryUsage } from './category-usage';

const IdParams = z.object({ id: IdSchema });
// A string that cannot be a slug simply matches no category.
const SlugParams = z.object({ slug: z.string() });
const ONE = answers(200, apiSuccessSchema(CategoryAnswerSchema));

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  // Visitors get the published categories; the admin token shows drafts and scheduled ones, filterable by `status`.
  app.get('/', { ...PUBLIC_ROUTE, schema: { querystring: CategoryListQuerySchema, response: answers(200, listAnswerSchema(CategoryAnswerSchema)) } }, async (request) => {
    const viewer = await viewerOf(db, request);
    return wantsPage(request.query) ? okPage(await pageCategories(db, viewer, request.query)) : ok(await listCategories(db, viewer, request.query.status));
  });

  // Two-segment paths, so `/:id` never captures them.
  app.get('/slug/:slug', { ...PUBLIC_ROUTE, schema: { params: SlugParams, response: ONE } }, async (request) => {
    const category = SlugSchema.safeParse(request.params.slug).success
      ? await getCategoryBySlug(db, await viewerOf(db, request), request.params.slug)
      : undefined;
    if (!category) throw notFound(CATEGORY_NOT_FOUND);
    return ok(category);
  });

  app.put('/reorder/bulk', { schema: { body: CategoryReorderSchema, response: answers(200, apiSuccessSchema(z.array(PositionAnswerSchema))) } }, async (request) => {
    const categories = await reorderCategories(writerFor(app.ctx, request), request.body.categories);
    return ok(categories);
  });

  app.get('/:id', { ...PUBLIC_ROUTE, schema: { params: IdParams, response: ONE } }, async (request, reply) => {
    const found = await getCategoryVersioned(db, await viewerOf(db, request), request.params.id);
    if (!found) throw notFound(CATEGORY_NOT_FOUND);
    sendEtag(reply, found.version);
    return ok(found.item);
  });

  // Admin-only: the delete dialog says how many products would be left in no category.
  app.get('/:id/usage', { schema: { params: IdParams, response: answers(200, apiSuccessSchema(CategoryUsageAnswerSchema)) } }, async (request) => {
    if (!(await getCategoryById(db, 'admin', request.params.id))) throw notFound(CATEGORY_NOT_FOUND);
    return ok(await categoryUsage(db, request.params.id));
  });

  app.post('/', { schema: { body: CategoryInputSchema, response: answers(201, apiSuccessSchema(CategoryAnswerSchema)) } }, async (request, reply) => {
    const category = await createCategory(writerFor(app.ctx, request), request.body);
    sendEtag(reply, 1);
    return reply.status(201).send(ok(category));
  });

  // With If-Match, a save made from an older version is refused (409); without, it overwrites (the spec's call).
  app.put('/:id', { schema: { params: IdParams, body: CategoryInputSchema, response: ONE } }, async (request, reply) => {
    const saved = await updateCategory(writerFor(app.ctx, request), request.params.id, request.body, ifMatchVersion(request));
    sendEtag(reply, saved.version);
    return ok(saved.item);
  });

  app.delete('/:id', { schema: { params: IdParams, response: answers(200, apiSuccessSchema(DeletedSchema)) } }, async (request) => {
    await deleteCategory(writerFor(app.ctx, request), request.params.id);
    return ok({ id: request.params.id, deleted: true });
  });
};
