import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SiteSettingsAnswerSchema, SiteSettingsSchema } from '../../../shared/schemas/site-settings';
import { apiSuccessSchema } from '../../../shared/schemas/api';
import { answers } from '../../http/answers';
import { ok } from '../../http/reply';
import { PUBLIC_ROUTE } from '../../http/access';
import { ifMatchVersion, sendEtag } from '../../http/etag';
import { writerFor } from '../../content/changes';
import { getSiteSettingsVersioned, saveSiteSettings } from './site-settings.service';

/** The site's identity. Public read: every public page (and the browser's loaders) shows it. */
const SETTINGS = answers(200, apiSuccessSchema(SiteSettingsAnswerSchema));

export const siteSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/site-settings', { ...PUBLIC_ROUTE, schema: { response: SETTINGS } }, async (_request, reply) => {
    const { item, version } = await getSiteSettingsVersioned(app.ctx.db);
    sendEtag(reply, version);
    return ok(item);
  });

  app.put('/site-settings', { schema: { body: SiteSettingsSchema, response: SETTINGS } }, async (request, reply) => {
    const saved = await saveSiteSettings(writerFor(app.ctx, request), request.body, ifMatchVersion(request));
    sendEtag(reply, saved.version);
    return ok(saved.item);
  });
};
