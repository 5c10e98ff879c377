import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import { LocalDiskMediaStore, MEDIA_CACHE_CONTROL } from './media-store';
import path from 'node:path';
import { mediaKeyHeaders } from './media-keys';
import { createMediaStore } from './media.service';
import { S3MediaStore, removeDeadSpools } from './s3-media-store';
import { sweepMedia } from './media-sweep';
import { s3MediaProxy } from './s3-media-proxy';

const SWEEP_EVERY_MS = 12 * 60 * 60 * 1000;

function logRemoved(log: FastifyBaseLogger, names: string[]): void {
  if (names.length > 0) log.info({ files: names }, 'removed partial uploads left by stopped processes');
}

/**
 * Serves uploaded media under /uploads/: from the S3-compatible bucket when
 * one is configured (s3-media-proxy.ts), else from the media folder. Range
 * requests let browsers seek in videos. Only flat generated names are
 * reachable: no listing, no dot-files, no path that climbs out of the folder.
 */
export const registerMedia: FastifyPluginAsync = async (app) => {
  const store = createMediaStore(app.ctx.config);
  // Files without rows and rows without files: checked after start-up, then twice a day, in the background.
  const sweep = () => void sweepMedia(app.ctx.db, store, app.log).catch((error: unknown) => app.log.warn({ err: error }, 'media sweep failed'));
  const first = setTimeout(sweep, 10_000).unref();
  const repeat = setInterval(sweep, SWEEP_EVERY_MS).unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(repeat);
  });
  if (store instanceof S3MediaStore) {
    logRemoved(app.log, await removeDeadSpools());
    await app.register(s3MediaProxy(store));
    return;
  }
  const root = app.ctx.config.mediaDir;
  logRemoved(app.log, await new LocalDiskMediaStore(root).removeStalePartials());
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
    setHeaders: (res, filePath) => {
      res.setHeader('Cache-Control', MEDIA_CACHE_CONTROL);
      for (const [name, value] of mediaKeyHeaders(path.basename(filePath), app.ctx.config)) res.setHeader(name, value);
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
};
