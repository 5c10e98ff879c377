import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdSchema } from '../../../shared/schemas/common';
import { MediaItemAnswerSchema, MediaPatchSchema, UploadLimitsAnswerSchema, VariantCountsAnswerSchema, ImageInfoSchema } from '../../../shared/schemas/media';
import { DeletedSchema, apiSuccessSchema, listAnswerSchema } from '../../../shared/schemas/api';
import { answers } from '../../http/answers';
import { DEFAULT_PAGE_LIMIT, PageQuerySchema, wantsPage } from '../../../shared/schemas/list';
import { notFound } from '../../http/errors';
import { ok, okPage } from '../../http/reply';
import { PUBLIC_ROUTE } from '../../http/access';
import { writerFor } from '../../content/changes';
import { createMediaStore } from './media.service';
import { MEDIA_NOT_FOUND, deleteMedia, getMediaItem, listMedia, listMediaPage, storedKeys, updateMedia } from './media-library';
import { describeImages, MAX_IMAGE_INFO_URLS } from './image-info';
import { variantQueueCounts } from './variant-queue';
import { acceptedTypes } from './sniff-type';
import type { UploadLimits } from '../../../shared/upload-limits';

const IdParams = z.object({ id: IdSchema });
const ONE = answers(200, apiSuccessSchema(MediaItemAnswerSchema));

const ListQuery = PageQuerySchema.extend({
  q: z.string().max(200, 'is too long').optional(),
  type: z.enum(['image', 'video'], { error: 'must be image or video' }).optional(),
});

const InfoQuery = z.object({
  url: z.union([z.string().max(500), z.array(z.string().max(500)).max(MAX_IMAGE_INFO_URLS, 'too many urls')]),
});

/**
 * The media library (docs/decisions/014-media-library.md). Admin-only, like
 * every API route, except /info: pages navigated in the browser ask it for
 * the sizes and variants of their images.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mediaVariants } = app.ctx;
  const store = createMediaStore(config);

  app.get('/', { schema: { querystring: ListQuery, response: answers(200, listAnswerSchema(MediaItemAnswerSchema)) } }, async (request) => {
    const { limit, cursor, q, type } = request.query;
    if (!wantsPage(request.query)) return ok(await listMedia(db, { q, type }));
    return okPage(await listMediaPage(db, { q, type, cursor, limit: limit ?? DEFAULT_PAGE_LIMIT }));
  });

  // Admin-only: the pickers state these limits and check a file against them before sending it.
  app.get('/upload-limits', { schema: { response: answers(200, apiSuccessSchema(UploadLimitsAnswerSchema)) } }, async () => {
    const limits: UploadLimits = {
      image: { maxBytes: config.maxImageBytes, types: acceptedTypes('image') },
      video: { maxBytes: config.maxVideoBytes, types: acceptedTypes('video') },
    };
    return ok(limits);
  });

  app.get('/variants/status', { schema: { response: answers(200, apiSuccessSchema(VariantCountsAnswerSchema)) } }, async () => ok(await variantQueueCounts(db)));

  app.get('/info', { ...PUBLIC_ROUTE, schema: { querystring: InfoQuery, response: answers(200, apiSuccessSchema(z.record(z.string(), ImageInfoSchema))) } }, async (request, reply) => {
    const urls = typeof request.query.url === 'string' ? [request.query.url] : request.query.url;
    // Short: an alt text or a new variant must show up soon after it changes.
    reply.header('Cache-Control', 'public, max-age=60');
    return ok(await describeImages(db, urls));
  });

  app.get('/:id', { schema: { params: IdParams, response: ONE } }, async (request) => {
    const item = await getMediaItem(db, request.params.id);
    if (!item) throw notFound(MEDIA_NOT_FOUND);
    return ok(item);
  });

  app.patch('/:id', { schema: { params: IdParams, body: MediaPatchSchema, response: ONE } }, async (request) => {
    const { item, requeued } = await updateMedia(writerFor(app.ctx, request), request.params.id, request.body);
    if (requeued) mediaVariants.nudge();
    return ok(item);
  });

  app.delete('/:id', { schema: { params: IdParams, response: answers(200, apiSuccessSchema(DeletedSchema)) } }, async (request) => {
    const row = await deleteMedia(writerFor(app.ctx, request), request.params.id);
    await Promise.all(storedKeys(row).map((key) => store.remove(key)));
    return ok({ id: row.id, deleted: true });
  });
};
