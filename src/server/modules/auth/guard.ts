import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../http/errors';
import '../../http/access';
import { isLiveSession } from './session.repository';

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
    if (request.routeOptions.config.access === 'public') return;
    reply.header('Cache-Control', 'no-store');
    const token = bearerToken(request);
    if (!token || !(await isLiveSession(app.ctx.db, token))) throw unauthorized();
  });
}
