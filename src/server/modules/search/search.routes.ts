import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okPage } from '../../http/reply';
import { PUBLIC_ROUTE } from '../../http/access';
import { SearchHitAnswerSchema, SearchQuerySchema } from '../../../shared/schemas/search';
import { pageAnswerSchema } from '../../../shared/schemas/api';
import { answers } from '../../http/answers';
import { searchProducts } from './search.service';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  // Public: the header's suggestions. Always one page (`limit`, default 20) of published products, best first.
  app.get('/', { ...PUBLIC_ROUTE, schema: { querystring: SearchQuerySchema, response: answers(200, pageAnswerSchema(SearchHitAnswerSchema)) } }, async (request) => okPage(await searchProducts(db, request.query)));
};
