import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRIVATE_NO_STORE } from '../../cdn/cache-control';
import { unauthorized } from '../../http/errors';
import '../../http/access';
import { findLiveSession, type LiveSession } from './session.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin session the guard accepted; set only on admin-only routes. */
    adminSession?: LiveSession;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * Default-deny for the API scope it is installed in. The decision reads the
 * route Fastify matched (its declared access), never the raw URL, so no
 * spelling of a path (`/%61pi/…`, HEAD for GET) reaches a handler unguarded.
 * It runs before the body is read: an upload without a token is refused
 * without being stored. Admin answers are never stored by any cache.
 */
export function installAdminGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const token = bearerToken(request);
    const open = request.routeOptions.config.access === 'public';
    // The owner's answers are never kept by a shared cache, on a public route too, where a token means the owner's view (drafts).
    if (!open || token) reply.header('Cache-Control', PRIVATE_NO_STORE);
    if (open) return;
    const session = token ? await findLiveSession(app.ctx.db, token) : undefined;
    if (!session) throw unauthorized();
    request.adminSession = session;
  });
}

/** The caller's session on an admin-only route (the guard has checked it). */
export function requireSession(request: FastifyRequest): LiveSession {
  if (!request.adminSession) throw unauthorized();
  return request.adminSession;
}
