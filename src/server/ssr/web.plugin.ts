import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

// TODO(public site helper): serve /assets/*, server-render public pages, the /admin shell.
export const registerWeb: FastifyPluginAsync = fp(async () => {});
