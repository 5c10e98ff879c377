import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HeroConfigSchema } from '../../../shared/schemas/hero';
import { AboutPageSchema, ThemeSchema } from '../../../shared/schemas/site';
import { ok } from '../../http/reply';
import { PUBLIC_ROUTE } from '../../http/access';
import { ifMatchVersion, sendEtag } from '../../http/etag';
import { writerFor } from '../../content/changes';
import { getAboutVersioned, getHomepageVersioned, getThemeVersioned, saveAbout, saveHomepage, saveTheme } from './site.service';

/** The singletons: homepage hero, about page, theme. Each read answers an ETag; a PUT with a stale If-Match is refused (409). */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get('/homepage', PUBLIC_ROUTE, async (_request, reply) => {
    const { item, version } = await getHomepageVersioned(db);
    sendEtag(reply, version);
    return ok(item);
  });

  app.put('/homepage', { schema: { body: HeroConfigSchema } }, async (request, reply) => {
    const saved = await saveHomepage(writerFor(app.ctx, request), request.body, ifMatchVersion(request));
    sendEtag(reply, saved.version);
    return ok(saved.item);
  });

  app.get('/about', PUBLIC_ROUTE, async (_request, reply) => {
    const { item, version } = await getAboutVersioned(db);
    sendEtag(reply, version);
    return ok(item);
  });

  app.put('/about', { schema: { body: AboutPageSchema } }, async (request, reply) => {
    const saved = await saveAbout(writerFor(app.ctx, request), request.body, ifMatchVersion(request));
    sendEtag(reply, saved.version);
    return ok(saved.item);
  });

  app.get('/theme', PUBLIC_ROUTE, async (_request, reply) => {
    const { item, version } = await getThemeVersioned(db);
    sendEtag(reply, version);
    return ok(item);
  });

  app.put('/theme', { schema: { body: ThemeSchema } }, async (request, reply) => {
    const saved = await saveTheme(writerFor(app.ctx, request), request.body, ifMatchVersion(request));
    sendEtag(reply, saved.version);
    return ok(saved.item);
  });
};
