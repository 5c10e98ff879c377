import type { FastifyPluginAsync } from 'fastify';
import { pingDatabase } from '../../db/database';
import { ok } from '../../http/reply';
import { PUBLIC_ROUTE } from '../../http/access';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', PUBLIC_ROUTE, async (request, reply) => {
    try {
      await pingDatabase(app.ctx.db);
      return ok({ status: 'ok', database: app.ctx.dbKind });
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ success: false, error: 'Database unavailable' });
    }
  });
};
