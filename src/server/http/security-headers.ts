import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import { contentSecurityPolicy } from './content-security-policy';
import { PERMISSIONS_POLICY } from './permissions-policy';

/** Header name and value pairs, in the order they are sent. */
export type HeaderList = readonly (readonly [string, string])[];

/**
 * Helmet's security headers (our CSP, no COEP) and our Permissions-Policy, worked out once at start:
 * with these options every one of Helmet's headers is a constant, so its middleware is run once
 * against a recording response and the list is what every answer gets. Running it per request
 * (as @fastify/helmet did, and then our onRequest hook) was a tenth of a cached page's CPU.
 * `inlineScriptHashes` are the CSP sources of the scripts the pages write in (the client build's starter).
 */
export function securityHeaders(inlineScriptHashes: string[] = []): HeaderList {
  const directives = { ...contentSecurityPolicy, scriptSrc: [...contentSecurityPolicy.scriptSrc, ...inlineScriptHashes] };
  const applyHelmet = helmet({ contentSecurityPolicy: { directives }, crossOriginEmbedderPolicy: false });
  const recorded = new Map<string, [string, string]>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => recorded.set(name.toLowerCase(), [name, String(value)]),
    removeHeader: (name: string) => recorded.delete(name.toLowerCase()),
    getHeader: (name: string) => recorded.get(name.toLowerCase())?.[1],
  };
  let failed: unknown;
  applyHelmet({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => (failed = error));
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return [...recorded.values(), ['Permissions-Policy', PERMISSIONS_POLICY]];
}

/**
 * The public pages go without Cross-Origin-Opener-Policy (decision 048). `same-origin` puts a page in
 * a browsing context group of its own, so arriving from another site (a search result, a new tab)
 * starts a new renderer process, cold: measured with Lighthouse on the same static page, the commit
 * task took 46-64 ms instead of 24-30 and Total Blocking Time rose from 0-76 to 152-362 ms. A public
 * page is the same for every visitor and holds nothing an opener could reach for, and the site needs
 * no cross-origin isolation. The back-office, previews, the API and everything else keep it.
 */
export const withoutOpenerPolicy = (headers: HeaderList): HeaderList => headers.filter(([name]) => name.toLowerCase() !== 'cross-origin-opener-policy');

export function setHeaders(reply: FastifyReply, headers: HeaderList): FastifyReply {
  for (const [name, value] of headers) reply.raw.setHeader(name, value);
  return reply;
}

/**
 * The security headers on every answer, set in one onRequest hook; a route whose config says
 * `ownSecurityHeaders` sends them itself (the page route, which writes a cached page's whole head
 * at once: src/server/ssr/web.plugin.ts). The list is `app.securityHeaders`.
 */
export function installSecurityHeaders(app: FastifyInstance, inlineScriptHashes: string[] = []): void {
  const headers = securityHeaders(inlineScriptHashes);
  app.decorate('securityHeaders', headers);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.ownSecurityHeaders !== true) setHeaders(reply, headers);
    done();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every answer's security headers (installSecurityHeaders). */
    securityHeaders: HeaderList;
  }
  interface FastifyContextConfig {
    /** The route sends the security headers itself, every one of them, on every answer. */
    ownSecurityHeaders?: boolean;
  }
}
