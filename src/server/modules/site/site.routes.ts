import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HeroConfigAnswerSchema, HeroConfigSchema } from '../../../shared/schemas/hero';
import { AboutPageAnswerSchema, AboutPageSchema, ThemeAnswerSchema, ThemeSchema } from '../../../shared/schemas/site';
import { apiSuccessSchema } from '../../../shared/schemas/api';
import { answers } from '../../http/answers';
import { ok } from '../../http/reply';
import { PUBLIC_ROUTE } from '../../http/access';
import { ifMatchVersion, sendEtag } from '../../http/etag';
import { writerFor } from '../../content/changes';
import { getAboutVersioned, getHomepageVersioned, getThemeVersioned, saveAbout, saveHomepage, saveTheme } from './site.service';

/** The singletons: homepage hero, about page, theme. Each read answers an ETag; a PUT with a stale If-Match is refused (409). */
const HOMEPAGE = answers(200, apiSuccessSchema(HeroConfigAnswerSchema));
const ABOUT = answers(200, apiSuccessSchema(AboutPageAnswerSchema));
const THEME = answers(200, apiSuccessSchema(ThemeAnswerSchema));

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get('/homepage', { ...PUBLIC_ROUTE, schema: { response: HOMEPAGE } }, async (_request, reply) => {
    const { item, version } = await getHomepageVersioned(db);
    sendEtag(reply, version);
    return ok(item);
  });

  app.put('/homepage', { schema: { body: HeroConfigSchema, response: HOMEPAGE } }, async (request, reply) => {
    const saved = await saveHomepage(writerFor(app.ctx, request), request.body, ifMatchVersion(request));
    sendEtag(reply, saved.version);
    return ok(saved.item);
  });

  app.get('/about', { ...PUBLIC_ROUTE, schema: { response: ABOUT } }, async (_request, reply) => {
    const { item, version } = await getAboutVersioned(db);
    sendEtag(reply, version);
    return ok(item);
  });

  app.put('/about', { schema: { body: AboutPageSchema, response: ABOUT } }, async (request, reply) => {
    const saved = await saveAbout(writerFor(app.ctx, request), request.body, ifMatchVersion(request));
    sendEtag(reply, saved.version);
    return ok(saved.item);
  });

  app.get('/theme', { ...PUBLIC_ROUTE, schema: { response: THEME } }, async (_request, reply) => {
    const { item, version } = await getThemeVersioned(db);
    sendEtag(reply, version);
    return ok(item);
  });

  app.put('/theme', { schema: { body: ThemeSchema, response: THEME } }, async (request, reply) => {
    const saved = await saveTheme(writerFor(app.ctx, request), request.body, ifMatchVersion(request));
    sendEtag(reply, saved.version);
    return ok(saved.item);
  });
};
