import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { finished } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { badRequest } from '../../http/errors';
import { writerFor } from '../../content/changes';
import { ok } from '../../http/reply';
import { ImageUploadResponseSchema, MultiUploadResultSchema, UploadResultSchema, apiSuccessSchema, type UploadResult } from '../../../shared/schemas/api';
import { answers } from '../../http/answers';
import { createMediaStore, forgetMedia, type StoredMedia } from './media.service';
import { largestAllowed, receiveUpload, type UploadPolicy } from './receive-upload';

/** What an upload answers besides the spec's url: the library id and, for images, the intrinsic size. */
const uploadResult = (media: StoredMedia): UploadResult => ({
  url: media.url,
  id: media.id,
  width: media.width ?? null,
  height: media.height ?? null,
});

/** Most files in one POST /api/homepage/upload (the admin sends gallery images one per request). */
const MAX_FILES_PER_REQUEST = 50;

/** POST /api/upload/image and POST /api/homepage/upload. The admin guard has checked the token already. */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fields: 20, fieldSize: 64 * 1024, parts: MAX_FILES_PER_REQUEST + 20, headerPairs: 100 },
  });
  const { config, db } = app.ctx;
  const store = createMediaStore(config);

  const imagePolicy: UploadPolicy = {
    accept: ['image'],
    maxImageBytes: config.maxImageBytes,
    maxVideoBytes: config.maxVideoBytes,
    unsupportedMessage: 'Unsupported file type: upload a JPEG, PNG, WebP, GIF or AVIF image',
  };
  const mediaPolicy: UploadPolicy = {
    ...imagePolicy,
    accept: ['image', 'video'],
    unsupportedMessage: 'Unsupported file type: upload a JPEG, PNG, WebP, GIF or AVIF image or an MP4 or WebM video',
  };

  /** Stores every file sent in one of `fields`, in order; on any failure removes those already stored. */
  async function receiveAll(request: FastifyRequest, fields: readonly string[], policy: UploadPolicy, maxFiles: number) {
    const stored: Array<StoredMedia & { field: string }> = [];
    const writer = writerFor(app.ctx, request);
    try {
      const parts = request.parts({ limits: { fileSize: largestAllowed(policy) + 1, files: maxFiles } });
      for await (const part of parts) {
        if (part.type !== 'file') continue;
        if (!fields.includes(part.fieldname)) {
          // A file under another name is not ours to keep; read past it.
          await finished(part.file.resume());
          continue;
        }
        stored.push({ ...(await receiveUpload(part, policy, store, writer)), field: part.fieldname });
      }
      return stored;
    } catch (error) {
      // Only what this request stored: an item it was answered with belongs to an earlier upload.
      const created = stored.filter((media) => !media.existing);
      await Promise.all(created.map((media) => store.remove(media.key)));
      await forgetMedia(db, created.map((media) => media.key));
      throw error;
    }
  }

  app.post('/upload/image', { schema: { response: answers(200, ImageUploadResponseSchema) } }, async (request) => {
    const [image] = await receiveAll(request, ['image'], imagePolicy, 1);
    if (!image) throw badRequest('image: a file is required');
    app.ctx.mediaVariants.nudge();
    const result = uploadResult(image);
    return { ...ok(result), ...result, message: 'Image uploaded successfully' };
  });

  app.post('/homepage/upload', { schema: { response: answers(200, apiSuccessSchema(z.union([UploadResultSchema, MultiUploadResultSchema]))) } }, async (request) => {
    const files = await receiveAll(request, ['file', 'files'], mediaPolicy, MAX_FILES_PER_REQUEST);
    if (files.length === 0) throw badRequest('file: a file is required');
    app.ctx.mediaVariants.nudge();
    // One `file` answers with its url; `files` (one or several) with the list, in the order sent.
    if (files.length === 1 && files[0]?.field === 'file') return ok(uploadResult(files[0]));
    return ok({ urls: files.map((media) => media.url), files: files.map(uploadResult) });
  });
};
