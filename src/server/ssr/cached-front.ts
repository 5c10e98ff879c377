import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Answers a request it knows (true), or leaves it to Fastify (false) untouched. */
export type FrontAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Puts `answer` in front of Fastify's request handler on the server Fastify made (with all of
 * its options: timeouts, keep-alive). A kept page is answered there as a static server would:
 * no request and reply objects, routing or hooks (issue 25; decision 051). Only the server
 * made at start is fronted; one Fastify adds for a second address of `localhost` answers
 * through Fastify alone, the same answers a little slower. `inject()` never passes here.
 */
export function putInFront(server: Server, answer: FrontAnswer): boolean {
  const handlers = server.listeners('request') as RequestHandler[];
  if (handlers.length !== 1) return false;
  const fastify = handlers[0]!;
  server.removeListener('request', fastify);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!answer(request, response)) fastify(request, response);
  });
  return true;
}
