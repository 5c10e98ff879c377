import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthAnswerSchema, ReadinessAnswerSchema } from '../../../shared/schemas/health';
import { apiSuccessSchema } from '../../../shared/schemas/api';
import { answers } from '../../http/answers';
import { pingDatabase } from '../../db/database';
import { ok } from '../../http/reply';
import { PUBLIC_ROUTE } from '../../http/access';
import { checkReadiness, withTimeout } from './readiness';

const PING_TIMEOUT_MS = 2_000;

/**
 * GET /api/health: the process answers and its database answers a read.
 * GET /api/health/ready: writes would succeed too (docs/decisions/010-database-faults.md);
 * a load balancer of several copies sends traffic only to ready ones.
 * Both are public and never wait longer than a few seconds.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { ...PUBLIC_ROUTE, schema: { response: answers(200, apiSuccessSchema(HealthAnswerSchema)) } }, async (request, reply) => {
    try {
      await withTimeout(pingDatabase(app.ctx.db), PING_TIMEOUT_MS, 'database ping');
      return ok({ status: 'ok', database: app.ctx.dbKind });
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).header('Retry-After', '5').send({ success: false, error: 'Database unavailable' });
    }
  });

  app.get('/health/ready', { ...PUBLIC_ROUTE, schema: { response: answers(200, apiSuccessSchema(ReadinessAnswerSchema)) } }, async (request, reply) => {
    const readiness = await checkReadiness(app.ctx);
    if (readiness.ready) return ok({ status: 'ready', database: app.ctx.dbKind, checks: readiness.checks });
    request.log.warn({ checks: readiness.checks }, `not ready: ${readiness.problems.join('; ')}`);
    return reply.status(503).header('Retry-After', '5').send({ success: false, error: `Not ready: ${readiness.problems.join('; ')}` });
  });
};
