import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../http/errors';
import { isLiveSession } from './session.repository';

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
  'GET /api/media',
  'GET /api/media/variants/status',
  'GET /api/media/:id',
]);

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

function needsAdmin(request: FastifyRequest): boolean {
  const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
  if (request.method === 'GET' || request.method === 'HEAD') return PRIVATE_READS.has(route);
  return !OPEN_WRITES.has(route);
}

/** Runs before the body is parsed, so an upload without a token is refused before it is read. */
export function installAdminGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || !needsAdmin(request)) return;
    const token = bearerToken(request);
    if (!token || !(await isLiveSession(app.ctx.db, token))) throw unauthorized();
  });
}
