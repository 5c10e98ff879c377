import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import { LocalDiskMediaStore } from './media-store';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves uploaded media from the media folder under /uploads/. Names are
 * generated and never reused, so files may be cached for a year; Range
 * requests let browsers seek in videos. Only files directly in that folder
 * are reachable: no listing, no dot-files, no path that climbs out of it.
 */
export const registerMedia: FastifyPluginAsync = async (app) => {
  const root = app.ctx.config.mediaDir;
  const store = new LocalDiskMediaStore(root);
  await store.removeStalePartials();
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    // The public site registers @fastify/static for /assets too; only one may decorate the reply.
    decorateReply: false,
    index: false,
    list: false,
    redirect: false,
    dotfiles: 'deny',
    serveDotFiles: false,
    acceptRanges: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    // Generated names are flat: anything with a separator or a dot-segment is not ours.
    allowedPath: (pathName) => /^\/[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]+)?$/.test(pathName),
    setHeaders: (res) => {
      res.setHeader('Cache-Control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
};
