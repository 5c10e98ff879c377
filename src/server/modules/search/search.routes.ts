import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okPage } from '../../http/reply';
import { PUBLIC_ROUTE } from '../../http/access';
import { SearchQuerySchema } from '../../../shared/schemas/search';
import { searchProducts } from './search.service';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  // Public: the header's suggestions. Always one page (`limit`, default 20) of published products, best first.
  app.get('/', { ...PUBLIC_ROUTE, schema: { querystring: SearchQuerySchema } }, async (request) => okPage(await searchProducts(db, request.query)));
};
