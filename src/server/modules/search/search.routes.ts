import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okPage } from '../../http/reply';
import { PUBLIC_ROUTE } from '../../http/access';
import { PageSearchHitAnswerSchema, SearchHitAnswerSchema, SearchQuerySchema } from '../../../shared/schemas/search';
import { apiSuccessSchema, pageAnswerSchema } from '../../../shared/schemas/api';
import { ok } from '../../http/reply';
import { searchPages } from './page-search';
import { answers } from '../../http/answers';
import { searchFacets, searchProducts } from './search.service';
import { attributeParams } from '../../../shared/schemas/list';
import { FacetSchema } from '../../../shared/schemas/attribute';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, catalogueFigures } = app.ctx;

  // Public: the header's suggestions. Always one page (`limit`, default 20) of published products, best first.
  // With `attr.{slug}`, `availability`, `onSale` or `sort` (decision 077): the matches narrowed and sorted as a product listing.
  app.get('/', { ...PUBLIC_ROUTE, schema: { querystring: SearchQuerySchema, response: answers(200, pageAnswerSchema(SearchHitAnswerSchema)) } }, async (request) =>
    okPage(await searchProducts(db, { ...request.query, attributes: attributeParams(request.query), strictAttributes: true }, catalogueFigures)),
  );

  // Public: the filter attributes with their counts over the matches (the search page's facets), with the same narrowing.
  app.get('/facets', { ...PUBLIC_ROUTE, schema: { querystring: SearchQuerySchema, response: answers(200, apiSuccessSchema(z.array(FacetSchema))) } }, async (request) =>
    ok(await searchFacets(db, { ...request.query, attributes: attributeParams(request.query), strictAttributes: true }, catalogueFigures)),
  );

  // Public: the published pages made of blocks that hold every word (at most a few), for the search page.
  app.get(
    '/pages',
    { ...PUBLIC_ROUTE, schema: { querystring: SearchQuerySchema.pick({ q: true }), response: answers(200, apiSuccessSchema(z.array(PageSearchHitAnswerSchema))) } },
    async (request) => ok(await searchPages(db, request.query.q)),
  );
};
