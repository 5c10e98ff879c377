import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

// TODO(media helper): serve /uploads/* from the media store.
export const registerMedia: FastifyPluginAsync = fp(async () => {});
