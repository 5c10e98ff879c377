import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PreviewLinkAnswerSchema, PreviewRequestSchema } from '../../../shared/schemas/preview';
import { apiSuccessSchema } from '../../../shared/schemas/api';
import { answers } from '../../http/answers';
import { ok } from '../../http/reply';
import { createPreview } from './preview.service';

/** `POST /api/preview` (admin only): the link to a page as the editor's form would make it. */
export const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/preview', { schema: { body: PreviewRequestSchema, response: answers(200, apiSuccessSchema(PreviewLinkAnswerSchema)) } }, async (request) =>
    ok(await createPreview(app.ctx.db, app.ctx.config.publicUrl, request.body)),
  );
};
