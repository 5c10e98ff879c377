import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { renderPage } from '../../web/entry-server';
import { clientBuild, type ClientAssets } from './client-manifest';
import { createServerContentSource } from './server-content-source';
import { htmlDocument } from './html-document';
import { withoutOpenerPolicy } from '../http/security-headers';
import { makePage, pageBody, type CachedPage } from './page-cache';
import { RenderCache } from './render-cache';
import { pageIdentity } from '../../web/category-params';
import { registerSitemap } from './sitemap';
import { registerPreviewPages } from './preview-route';
import { lookUpRedirect, withQuery } from './redirect-answers';
import { registerSiteImages } from './site-images';

/** Paths that belong to other plugins: an unknown one there is an API-style 404, not a page. */
const NOT_PAGES = /^\/(?:api|uploads|assets)(?:\/|$)/;
const ADMIN = /^\/admin(?:\/|$)/;

const ADMIN_SHELL_BODY = '<div class="app-loader" role="status" aria-live="polite"><span class="app-loader__spinner" aria-hidden="true"></span><span class="app-loader__text">Loading...</span></div>';

/**
 * Public pages: server-rendered React, cached as Buffers per URL and content
 * version; /admin: a client-rendered shell; /assets: the hashed client bundle.
 */
export type WebOptions = {
  /** URLs per sitemap file before /sitemap.xml becomes an index (tests use a small number). */
  sitemapMaxUrls?: number | undefined;
};

export const registerWeb = fp<WebOptions>(async (app, options) => {
  // Tests may run without a client build: pages still render, just without scripts.
  const { dir: clientDir, assets } = clientBuild();
  if (clientDir && fs.existsSync(path.join(clientDir, 'assets'))) {
    await app.register(fastifyStatic, {
      root: path.join(clientDir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      // Hashed file names: a file never changes under its name.
      immutable: true,
      maxAge: '365d',
    });
  }

  const { config, db, contentEvents, schedule, catalogueFigures } = app.ctx;
  const source = createServerContentSource(db, catalogueFigures);
  // While other copies' writes may go unheard (content-notify.ts), a cached page lives only seconds.
  // A page made before a scheduled item went live is not served even as a stale fallback.
  const cache = new RenderCache(() => contentEvents.current, { maxAgeMs: () => contentEvents.maxAgeMs, staleCutoff: () => schedule.lastPassedAt });
  app.decorate('renderCache', cache);
  // A finished variant batch: only the pages that draw those images are rendered again.
  const dropShowing = (urls: readonly string[]) => void cache.dropPagesShowing(urls);
  contentEvents.on('renditions', dropShowing);
  app.addHook('onClose', async () => void contentEvents.off('renditions', dropShowing));
  // Redirects of renamed items and the owner's own, cached and purged like pages.
  const redirects = new RenderCache(() => contentEvents.current, { maxAgeMs: () => contentEvents.maxAgeMs });
  app.decorate('redirectCache', redirects);

  const send = (request: FastifyRequest, reply: FastifyReply, page: CachedPage) => {
    if (page.location) return reply.redirect(page.location, page.status);
    reply
      .status(page.status)
      .header('Content-Type', 'text/html; charset=utf-8')
      // Same bytes for everyone, but content changes with every admin write: revalidate each time.
      .header('Cache-Control', 'public, no-cache')
      .header('ETag', page.etag);
    if (page.status === 200 && request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    reply.header('Vary', 'Accept-Encoding');
    // @fastify/compress leaves a reply alone once it has a Content-Encoding.
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('Content-Encoding', 'gzip').send(page.gzip);
    }
    return reply.send(pageBody(page));
  };

  // The back-office paints a loading screen first and loads its own styles: the stylesheet stays a link there.
  const adminAssets: ClientAssets | null = assets ? { entry: assets.entry, css: assets.css, preload: assets.preload } : null;

  const renderAdminShell = async (): Promise<string> => {
    const theme = await source.getTheme().catch(() => undefined);
    return htmlDocument({
      meta: { title: 'Admin | Showcase', description: 'Showcase back-office' },
      canonicalBase: config.publicUrl,
      pathname: '/admin',
      primaryColor: theme?.primaryColor,
      assets: adminAssets,
      appHtml: ADMIN_SHELL_BODY,
      hydration: null,
      robots: 'noindex',
    });
  };

  /** Renders `identity` (path + normalised parameters): other parameters of the request never reach the page. */
  const renderPublic = async (identity: string, version: number, log: FastifyRequest['log']): Promise<CachedPage> => {
    const url = new URL(identity, config.publicUrl);
    const webRequest = new Request(url, { method: 'GET', headers: { accept: 'text/html' } });
    // Every stored image a page draws is looked up here: the page remembers them (RenderCache.dropPagesShowing).
    const media = new Set<string>();
    const pageSource = {
      ...source,
      describeImages: (urls: string[]) => {
        for (const url of urls) media.add(url);
        return source.describeImages(urls);
      },
    };
    const page = await renderPage(webRequest, pageSource, (error) => log.error({ err: error }, 'page render failed'));
    if (page.kind === 'redirect') return makePage(version, page.status, '', page.location);
    const html = htmlDocument({
      meta: page.meta,
      canonicalBase: config.publicUrl,
      pathname: url.pathname,
      primaryColor: page.primaryColor,
      assets,
      appHtml: page.appHtml,
      hydration: page.hydration,
      preloadImage: page.preloadImage,
      // Not-found screens are real pages for visitors, but nothing for a search index.
      robots: page.status === 404 ? 'noindex' : page.meta.noindex ? 'noindex, follow' : undefined,
    });
    return { ...makePage(version, page.status, html), media };
  };

  registerSitemap(app, db, config.publicUrl, options.sitemapMaxUrls);

  registerPreviewPages(app, source, assets);
  registerSiteImages(app, source);

  app.get('/*', async (request, reply) => {
    // A scheduled item whose time has just passed: pages rendered before it are stale from this moment.
    schedule.checkDue();
    const queryAt = request.url.indexOf('?');
    const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    const query = queryAt === -1 ? '' : request.url.slice(queryAt + 1);
    if (NOT_PAGES.test(pathname)) return reply.callNotFound();
    if (ADMIN.test(pathname)) {
      return send(request, reply, await cache.get('/admin', async (version) => makePage(version, 200, await renderAdminShell())));
    }
    withoutOpenerPolicy(reply);
    const identity = pageIdentity(pathname, new URLSearchParams(query));
    // The footer prints the current year: a page cached on 31 December must not be served on 1 January.
    const key = `${new Date().getFullYear()} ${identity}`;
    const page = await cache.get(key, (version) => renderPublic(identity, version, request.log));
    // Only where no page lives: an item that takes an old address wins over its redirect.
    const redirect = page.status === 404 ? await lookUpRedirect(redirects, db, pathname) : undefined;
    if (redirect) return reply.header('Cache-Control', 'public, no-cache').redirect(withQuery(redirect.location, query), redirect.status);
    return send(request, reply, page);
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Rendered public pages (tests read its counters). */
    renderCache: RenderCache;
    /** Redirect look-ups by address (tests read its counters). */
    redirectCache: RenderCache;
  }
}
