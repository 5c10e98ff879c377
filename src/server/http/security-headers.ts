import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { contentSecurityPolicy } from './content-security-policy';
import { PERMISSIONS_POLICY } from './permissions-policy';

/**
 * Helmet's security headers and our Permissions-Policy on every answer. Helmet's middleware is made
 * once here: @fastify/helmet made it anew for every request, parsing the CSP directives each time,
 * which was about a sixth of the CPU a cached page cost (a worker's CPU profile under the bench's load).
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  const applyHelmet = helmet({ contentSecurityPolicy: { directives: contentSecurityPolicy }, crossOriginEmbedderPolicy: false });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    applyHelmet(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
