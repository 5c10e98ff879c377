import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../http/errors';
import { findLiveSession, type LiveSession } from './session.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin session the guard accepted; set only on admin-only routes. */
    adminSession?: LiveSession;
  }
}

// Default-deny: every API call that changes something needs the admin token,
// except these, which visitors and the login screen must be able to make.
const OPEN_WRITES = new Set([
  'POST /api/auth/login',
  'POST /api/auth/verify',
  'POST /api/auth/logout',
  'POST /api/newsletter/subscribe',
]);
// Reads are public except these.
const PRIVATE_READS = new Set([
  'GET /api/newsletter/subscribers',
  'GET /api/audit',
  'GET /api/backup',
  'GET /api/auth/sessions',
  'GET /api/auth/2fa',
]);

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

function needsAdmin(request: FastifyRequest): boolean {
  // A route registered as '/' under a prefix answers with and without the trailing slash.
  const route = `${request.method} ${(request.routeOptions.url ?? request.url.split('?')[0] ?? '').replace(/(.)\/$/, '$1')}`;
  if (request.method === 'GET' || request.method === 'HEAD') return PRIVATE_READS.has(route);
  return !OPEN_WRITES.has(route);
}

/** Runs before the body is parsed, so an upload without a token is refused before it is read. */
export function installAdminGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || !needsAdmin(request)) return;
    const token = bearerToken(request);
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
