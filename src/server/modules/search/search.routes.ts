import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okPage } from '../../http/reply';
import { PUBLIC_ROUTE } from '../../http/access';
import { PageSearchHitAnswerSchema, SearchHitAnswerSchema, SearchQuerySchema } from '../../../shared/schemas/search';
import { apiSuccessSchema, pageAnswerSchema } from '../../../shared/schemas/api';
import { ok } from '../../http/reply';
import { searchPages } from './page-search';
import { answers } from '../../http/answers';
import { searchProducts } from './search.service';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  // Public: the header's suggestions. Always one page (`limit`, default 20) of published products, best first.
  app.get('/', { ...PUBLIC_ROUTE, schema: { querystring: SearchQuerySchema, response: answers(200, pageAnswerSchema(SearchHitAnswerSchema)) } }, async (request) => okPage(await searchProducts(db, request.query)));

  // Public: the published pages made of blocks that hold every word (at most a few), for the search page.
  app.get(
    '/pages',
    { ...PUBLIC_ROUTE, schema: { querystring: SearchQuerySchema.pick({ q: true }), response: answers(200, apiSuccessSchema(z.array(PageSearchHitAnswerSchema))) } },
    async (request) => ok(await searchPages(db, request.query.q)),
  );
};
