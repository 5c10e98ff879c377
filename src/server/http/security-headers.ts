import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import { contentSecurityPolicy } from './content-security-policy';
import { PERMISSIONS_POLICY } from './permissions-policy';

/**
 * Helmet's security headers and our Permissions-Policy on every answer. Helmet's middleware is made
 * once here: @fastify/helmet made it anew for every request, parsing the CSP directives each time,
 * which was about a sixth of the CPU a cached page cost (a worker's CPU profile under the bench's load).
 * `inlineScriptHashes` are the CSP sources of the scripts the pages write in (the client build's starter).
 */
export function installSecurityHeaders(app: FastifyInstance, inlineScriptHashes: string[] = []): void {
  const directives = { ...contentSecurityPolicy, scriptSrc: [...contentSecurityPolicy.scriptSrc, ...inlineScriptHashes] };
  const applyHelmet = helmet({ contentSecurityPolicy: { directives }, crossOriginEmbedderPolicy: false });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    applyHelmet(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

/**
 * The public pages go without Cross-Origin-Opener-Policy (decision 048). `same-origin` puts a page in
 * a browsing context group of its own, so arriving from another site (a search result, a new tab)
 * starts a new renderer process, cold: measured with Lighthouse on the same static page, the commit
 * task took 46-64 ms instead of 24-30 and Total Blocking Time rose from 0-76 to 152-362 ms. A public
 * page is the same for every visitor and holds nothing an opener could reach for, and the site needs
 * no cross-origin isolation. The back-office, previews, the API and everything else keep it.
 */
export function withoutOpenerPolicy(reply: FastifyReply): FastifyReply {
  // Helmet set it on the raw response (onRequest above).
  reply.raw.removeHeader('Cross-Origin-Opener-Policy');
  return reply;
}
