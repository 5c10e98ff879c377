import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PositionAnswerSchema, ProductAnswerSchema, ProductInputSchema, ProductMoveSchema, ProductReorderSchema } from '../../../shared/schemas/product';
import { DeletedSchema, apiSuccessSchema, listAnswerSchema } from '../../../shared/schemas/api';
import { answers } from '../../http/answers';
import { IdSchema, SlugSchema } from '../../../shared/schemas/common';
import { notFound } from '../../http/errors';
import { ok, okPage } from '../../http/reply';
import { ProductListQuerySchema, attributeParams, wantsPage } from '../../../shared/schemas/list';
import { FacetSchema } from '../../../shared/schemas/attribute';
import { productFacets } from './product.facets';
import { PUBLIC_ROUTE } from '../../http/access';
import { ifMatchVersion, sendEtag } from '../../http/etag';
import { writerFor } from '../../content/changes';
import { viewerOf } from '../auth/viewer-of';
import {
  PRODUCT_NOT_FOUND,
  createProduct,
  deleteProduct,
  getProductBySlug,
  getProductVersioned,
  listProducts,
  moveProduct,
  pageProducts,
  reorderProducts,
  updateProduct,
} from './product.service';

const IdParams = z.object({ id: IdSchema });
// A string that cannot be a slug simply matches no product.
const SlugParams = z.object({ slug: z.string() });
const ONE = answers(200, apiSuccessSchema(ProductAnswerSchema));

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, catalogueFigures } = app.ctx;

  // The whole (filtered) list, or one page of it with `limit` / `cursor`. Visitors get
  // published products only; the admin token shows every status, filterable by `status`.
  app.get('/', { ...PUBLIC_ROUTE, schema: { querystring: ProductListQuerySchema, response: answers(200, listAnswerSchema(ProductAnswerSchema)) } }, async (request) => {
    const viewer = await viewerOf(db, request);
    const query = { ...request.query, attributes: attributeParams(request.query), strictAttributes: true };
    return wantsPage(request.query) ? okPage(await pageProducts(db, viewer, query, catalogueFigures)) : ok(await listProducts(db, viewer, query));
  });

  // The filter attributes of the same list with their counts (decision 072): what a category or search page offers.
  app.get('/facets', { ...PUBLIC_ROUTE, schema: { querystring: ProductListQuerySchema, response: answers(200, apiSuccessSchema(z.array(FacetSchema))) } }, async (request) => {
    const viewer = await viewerOf(db, request);
    return ok(await productFacets(db, viewer, { ...request.query, attributes: attributeParams(request.query), strictAttributes: true }));
  });

  // Two-segment paths, so `/:id` never captures them.
  app.get('/slug/:slug', { ...PUBLIC_ROUTE, schema: { params: SlugParams, response: ONE } }, async (request) => {
    const product = SlugSchema.safeParse(request.params.slug).success
      ? await getProductBySlug(db, await viewerOf(db, request), request.params.slug)
      : undefined;
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    return ok(product);
  });

  app.put('/reorder/bulk', { schema: { body: ProductReorderSchema, response: answers(200, apiSuccessSchema(z.array(PositionAnswerSchema))) } }, async (request) => {
    const products = await reorderProducts(writerFor(app.ctx, request), request.body.products);
    return ok(products);
  });

  app.put('/:id/position', { schema: { params: IdParams, body: ProductMoveSchema, response: answers(200, apiSuccessSchema(PositionAnswerSchema)) } }, async (request) => {
    const moved = await moveProduct(writerFor(app.ctx, request), request.params.id, request.body.position);
    return ok(moved);
  });

  app.get('/:id', { ...PUBLIC_ROUTE, schema: { params: IdParams, response: ONE } }, async (request, reply) => {
    const found = await getProductVersioned(db, await viewerOf(db, request), request.params.id);
    if (!found) throw notFound(PRODUCT_NOT_FOUND);
    sendEtag(reply, found.version);
    return ok(found.item);
  });

  app.post('/', { schema: { body: ProductInputSchema, response: answers(201, apiSuccessSchema(ProductAnswerSchema)) } }, async (request, reply) => {
    const product = await createProduct(writerFor(app.ctx, request), request.body);
    sendEtag(reply, 1);
    return reply.status(201).send(ok(product));
  });

  // With If-Match, a save made from an older version is refused (409); without, it overwrites (the spec's call).
  app.put('/:id', { schema: { params: IdParams, body: ProductInputSchema, response: ONE } }, async (request, reply) => {
    const saved = await updateProduct(writerFor(app.ctx, request), request.params.id, request.body, ifMatchVersion(request));
    sendEtag(reply, saved.version);
    return ok(saved.item);
  });

  app.delete('/:id', { schema: { params: IdParams, response: answers(200, apiSuccessSchema(DeletedSchema)) } }, async (request) => {
    await deleteProduct(writerFor(app.ctx, request), request.params.id);
    return ok({ id: request.params.id, deleted: true });
  });
};
