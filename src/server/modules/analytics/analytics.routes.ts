import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SlugSchema } from '../../../shared/schemas/common';
import {
  BreakdownResponseSchema,
  PRODUCTS_CSV_HEADER,
  ProductFiguresQuerySchema,
  ProductFiguresResponseSchema,
  RangeQuerySchema,
  ReferrersResponseSchema,
  SiteDayResponseSchema,
  SummaryResponseSchema,
} from '../../../shared/schemas/analytics';
import { wantsPage } from '../../../shared/schemas/list';
import { csvLine } from '../../../shared/csv';
import { PUBLIC_ROUTE } from '../../http/access';
import { ok, okPage } from '../../http/reply';
import { trustedHop } from '../../http/client-address';
import { FILE_ROUTE, answers } from '../../http/answers';
import { pageProductFigures, readBreakdown, readReferrers, readSummary } from './analytics.reads';
import { countBuyClick } from './buy-clicks';
import { siteDay } from './site-day';

/** A ping's body ("PING") or a beacon's: read and dropped, never parsed. */
const REPORT_BODY_LIMIT = 4 * 1024;

/** The site's own analytics (issue 27, decision 060): the public Buy Now report, and the admin's figures. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, analytics } = app.ctx;
  const trusted = trustedHop(config.trustProxy);
  // Only the report has a body, of any type (`text/ping`, a beacon's text or none): it is ignored.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: REPORT_BODY_LIMIT }, (_request, _body, done) => done(null, undefined));

  app.post(
    '/buy/:productSlug',
    { ...PUBLIC_ROUTE, schema: { params: z.object({ productSlug: SlugSchema }), response: answers(204, z.null()) } },
    async (request, reply) => {
      await countBuyClick(db, analytics, trusted, request, request.params.productSlug);
      // The same answer whether it counted or not: a client learns nothing about products or limits.
      return reply.code(204).header('Cache-Control', 'no-store').send(null);
    },
  );

  /** Figures this process still holds are written first, so a read right after a visit sees it. */
  const written = () => analytics.flush().catch(() => {});

  app.get('/summary', { schema: { querystring: RangeQuerySchema, response: answers(200, SummaryResponseSchema) } }, async (request) => {
    await written();
    return ok(await readSummary(db, request.query));
  });

  app.get('/products', { schema: { querystring: ProductFiguresQuerySchema, response: answers(200, ProductFiguresResponseSchema) } }, async (request) => {
    await written();
    const page = await pageProductFigures(db, request.query, siteDay(analytics.clock()));
    return wantsPage(request.query) ? okPage(page) : ok(page.items);
  });

  app.get('/products.csv', { ...FILE_ROUTE, schema: { querystring: RangeQuerySchema } }, async (request, reply) => {
    await written();
    const { items } = await pageProductFigures(db, { ...request.query, sort: 'views' }, siteDay(analytics.clock()));
    const body = `${PRODUCTS_CSV_HEADER}\r\n${items.map((row) => csvLine([row.productId, row.slug, row.title, row.views, row.buyClicks, row.ctr])).join('')}`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="products-${request.query.from}-${request.query.to}.csv"`)
      .send(body);
  });

  app.get('/referrers', { schema: { querystring: RangeQuerySchema, response: answers(200, ReferrersResponseSchema) } }, async (request) => {
    await written();
    return ok(await readReferrers(db, request.query, siteDay(analytics.clock())));
  });

  app.get('/breakdown', { schema: { querystring: RangeQuerySchema, response: answers(200, BreakdownResponseSchema) } }, async (request) => {
    await written();
    return ok(await readBreakdown(db, request.query, siteDay(analytics.clock())));
  });

  app.get('/site-day', { schema: { response: answers(200, SiteDayResponseSchema) } }, async () =>
    ok({ today: siteDay(analytics.clock()), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
  );
};
