import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoryInputSchema, CategoryReorderSchema } from '../../../shared/schemas/category';
import { IdSchema, SlugSchema } from '../../../shared/schemas/common';
import { notFound } from '../../http/errors';
import { ok, okPage } from '../../http/reply';
import { PageQuerySchema, wantsPage } from '../../../shared/schemas/list';
import { PUBLIC_ROUTE } from '../../http/access';
import { writerFor } from '../../content/changes';
import {
  CATEGORY_NOT_FOUND,
  createCategory,
  deleteCategory,
  getCategoryById,
  getCategoryBySlug,
  listCategories,
  pageCategories,
  reorderCategories,
  updateCategory,
} from './category.service';

const IdParams = z.object({ id: IdSchema });
// A string that cannot be a slug simply matches no category.
const SlugParams = z.object({ slug: z.string() });

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get('/', { ...PUBLIC_ROUTE, schema: { querystring: PageQuerySchema } }, async (request) =>
    wantsPage(request.query) ? okPage(await pageCategories(db, request.query)) : ok(await listCategories(db)),
  );

  // Two-segment paths, so `/:id` never captures them.
  app.get('/slug/:slug', { ...PUBLIC_ROUTE, schema: { params: SlugParams } }, async (request) => {
    const category = SlugSchema.safeParse(request.params.slug).success
      ? await getCategoryBySlug(db, request.params.slug)
      : undefined;
    if (!category) throw notFound(CATEGORY_NOT_FOUND);
    return ok(category);
  });

  app.put('/reorder/bulk', { schema: { body: CategoryReorderSchema } }, async (request) => {
    const categories = await reorderCategories(writerFor(app.ctx, request), request.body.categories);
    return ok(categories);
  });

  app.get('/:id', { ...PUBLIC_ROUTE, schema: { params: IdParams } }, async (request) => {
    const category = await getCategoryById(db, request.params.id);
    if (!category) throw notFound(CATEGORY_NOT_FOUND);
    return ok(category);
  });

  app.post('/', { schema: { body: CategoryInputSchema } }, async (request, reply) => {
    const category = await createCategory(writerFor(app.ctx, request), request.body);
    return reply.status(201).send(ok(category));
  });

  app.put('/:id', { schema: { params: IdParams, body: CategoryInputSchema } }, async (request) => {
    const category = await updateCategory(writerFor(app.ctx, request), request.params.id, request.body);
    return ok(category);
  });

  app.delete('/:id', { schema: { params: IdParams } }, async (request) => {
    await deleteCategory(writerFor(app.ctx, request), request.params.id);
    return ok({ id: request.params.id, deleted: true });
  });
};
