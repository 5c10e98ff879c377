import type { FastifyPluginAsync } from 'fastify';
import { HttpError, notFound } from '../../http/errors';
import { isValidKey, MEDIA_CACHE_CONTROL } from './media-store';
import type { S3MediaStore } from './s3-media-store';
import { mediaKeyHeaders } from './media-keys';

const MEDIA_RETRY_AFTER_S = 5;

// Range for seeking in videos; the conditional ones let a browser or CDN revalidate with a 304.
const FORWARDED_REQUEST_HEADERS = ['range', 'if-range', 'if-none-match', 'if-modified-since'] as const;
const PASSED_BACK_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'] as const;

/**
 * Serves `/uploads/<key>` from the bucket, so media keep the same URL, the
 * same headers and the same Range behaviour as when they are on local disk.
 * The body is streamed through, never buffered; the bucket itself needs no
 * public access.
 */
export const s3MediaProxy = (store: S3MediaStore): FastifyPluginAsync =>
  async (app) => {
    // Bodies are already compressed media, and a compressed 206 slice would no longer match its Content-Range.
    app.get<{ Params: { key: string } }>('/uploads/:key', { compress: false }, async (request, reply) => {
      const notFoundHere = () => notFound(`Not found: ${request.method} ${request.url.split('?')[0]}`);
      // Same rule as on disk: only flat generated names; nothing else is looked up in the bucket.
      const { key } = request.params;
      if (!isValidKey(key)) throw notFoundHere();

      const headers: Record<string, string> = {};
      for (const name of FORWARDED_REQUEST_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string' && value.length <= 256) headers[name] = value;
      }
      // The bucket away (a restart, the network): a 503 to try again, never a 500 (decision 061).
      const unavailable = (cause: unknown) => {
        request.log.warn({ err: cause }, 'media store unreachable');
        reply.header('Retry-After', String(MEDIA_RETRY_AFTER_S));
        return new HttpError(503, 'The media store is unavailable: please try again in a few seconds');
      };
      let upstream;
      try {
        upstream = await store.request(key, { method: request.method === 'HEAD' ? 'HEAD' : 'GET', headers });
      } catch (error) {
        throw unavailable(error);
      }
      const status = upstream.statusCode ?? 0;

      if (status === 200 || status === 206 || status === 304) {
        for (const name of PASSED_BACK_HEADERS) {
          const value = upstream.headers[name];
          if (typeof value === 'string') reply.header(name, value);
        }
        reply.header('cache-control', MEDIA_CACHE_CONTROL).header('x-content-type-options', 'nosniff');
        for (const [name, value] of mediaKeyHeaders(key, app.ctx.config)) reply.header(name, value);
        if (status === 304) {
          upstream.resume();
          return reply.status(304).send();
        }
        // A browser that goes away mid-video destroys `upstream` with the reply, which ends the bucket's transfer too.
        // (For HEAD, Fastify drains the empty stream and keeps the bucket's Content-Length.)
        return reply.status(status).send(upstream);
      }

      upstream.resume();
      if (status === 404) throw notFoundHere();
      if (status === 416) throw new HttpError(416, 'Requested range is not satisfiable');
      if (status === 500 || status === 502 || status === 503 || status === 504) throw unavailable(new Error(`S3 GET ${key} answered ${status}`));
      // Credentials, bucket or endpoint are wrong: the visitor gets a 500, the log says why.
      throw new Error(`S3 GET ${key} answered ${status}`);
    });
  };
