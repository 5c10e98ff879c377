import type { FastifyInstance } from 'fastify';

/**
 * One line per request, at a level that keeps the cached path cheap: writes
 * (what changed the site) and failures at info, reads only at debug or trace.
 * The level is set once at start-up, so reads skip the hook's work entirely.
 */
export function installRequestLog(app: FastifyInstance): void {
  const logReads = app.log.level === 'debug' || app.log.level === 'trace';
  app.addHook('onResponse', async (request, reply) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && reply.statusCode < 500 && !logReads) return;
    const line = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (read && reply.statusCode < 500) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  });
}
