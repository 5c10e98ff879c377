import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HeroConfigSchema } from '../../../shared/schemas/hero';
import { AboutPageSchema, ThemeSchema } from '../../../shared/schemas/site';
import { ok } from '../../http/reply';
import { PUBLIC_ROUTE } from '../../http/access';
import { writerFor } from '../../content/changes';
import { getAbout, getHomepage, getTheme, saveAbout, saveHomepage, saveTheme } from './site.service';

/** The singletons: homepage hero, about page, theme. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get('/homepage', PUBLIC_ROUTE, async () => ok(await getHomepage(db)));

  app.put('/homepage', { schema: { body: HeroConfigSchema } }, async (request) => {
    const hero = await saveHomepage(writerFor(app.ctx, request), request.body);
    return ok(hero);
  });

  app.get('/about', PUBLIC_ROUTE, async () => ok(await getAbout(db)));

  app.put('/about', { schema: { body: AboutPageSchema } }, async (request) => {
    const about = await saveAbout(writerFor(app.ctx, request), request.body);
    return ok(about);
  });

  app.get('/theme', PUBLIC_ROUTE, async () => ok(await getTheme(db)));

  app.put('/theme', { schema: { body: ThemeSchema } }, async (request) => {
    const theme = await saveTheme(writerFor(app.ctx, request), request.body);
    return ok(theme);
  });
};
