import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SessionInfoAnswerSchema, SessionRevokedAnswerSchema, SessionsRevokedAnswerSchema, type SessionInfo } from '../../../shared/schemas/auth';
import { apiSuccessSchema } from '../../../shared/schemas/api';
import { answers } from '../../http/answers';
import { IdSchema } from '../../../shared/schemas/common';
import { notFound } from '../../http/errors';
import { ok } from '../../http/reply';
import { describeBrowser } from './describe-browser';
import { requireSession } from './guard';
import { listLiveSessions, revokeOtherSessions, revokeSessionById } from './session.repository';

/** Admin-only: the signed-in devices, and signing them out. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, audit } = app.ctx;

  app.get('/', { schema: { response: answers(200, apiSuccessSchema(z.array(SessionInfoAnswerSchema))) } }, async (request) => {
    const current = requireSession(request);
    const sessions: SessionInfo[] = (await listLiveSessions(db)).map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      expiresAt: row.expires_at,
      ip: row.ip,
      userAgent: row.user_agent,
      browser: describeBrowser(row.user_agent),
      remember: row.remember === 1,
      current: row.id === current.id,
    }));
    return ok(sessions);
  });

  app.post('/revoke-others', { schema: { response: answers(200, apiSuccessSchema(SessionsRevokedAnswerSchema)) } }, async (request) => {
    const current = requireSession(request);
    const revoked = await revokeOtherSessions(db, current.id);
    audit.recordFor(request, { action: 'auth.sessions_revoke_others', targetType: 'session', summary: `Signed out everywhere else (${revoked})` });
    return ok({ revoked });
  });

  app.delete('/:id', { schema: { params: z.object({ id: IdSchema }), response: answers(200, apiSuccessSchema(SessionRevokedAnswerSchema)) } }, async (request) => {
    if (!(await revokeSessionById(db, request.params.id))) throw notFound('Session not found');
    audit.recordFor(request, { action: 'auth.session_revoke', targetType: 'session', targetId: request.params.id, summary: 'Signed a session out' });
    return ok({ revoked: true });
  });
};
