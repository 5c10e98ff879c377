import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditPageAnswerSchema, AuditQuerySchema, type AuditPage } from '../../../shared/schemas/audit';
import { answers } from '../../http/answers';
import { okPage } from '../../http/reply';
import { listAuditEntries } from './audit.repository';

/** Admin-only: the audit trail, newest first, with the list paging contract. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, audit } = app.ctx;
  app.get('/', { schema: { querystring: AuditQuerySchema, response: answers(200, AuditPageAnswerSchema) } }, async (request): Promise<AuditPage> => {
    // Entries this process has just recorded are written before the read.
    await audit.flush();
    return okPage(await listAuditEntries(db, request.query));
  });
};
