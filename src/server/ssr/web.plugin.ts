import fs from 'node:fs';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { renderPage } from '../../web/entry-server';
import { clientBuild, type ClientAssets } from './client-manifest';
import { createServerContentSource } from './server-content-source';
import { htmlDocument } from './html-document';
import { CssSubset } from './css-subset';
import { setHeaders, withoutOpenerPolicy } from '../http/security-headers';
import { makePage, pageBody, type CachedPage } from './page-cache';
import { codingFor, noneMatch, type Coding } from '../http/accept-encoding';
import { putInFront } from './cached-front';
import { frontConnections, type FrontReply } from './connection-front';
import { holdsAddress, judgeAddress, KnownAddresses, readAddresses } from './known-addresses';
import { RenderCache } from './render-cache';
import { categorySearch, mayNameFacets, pageIdentity, readCategoryParams } from '../../web/category-params';
import { registerSitemap } from './sitemap';
import { registerFeed } from './feed';
import { registerPreviewPages } from './preview-route';
import { ContactFormIds, registerPageFormPost } from './page-form-post';
import type { FormState } from '../../web/components/blocks/form-state';
import { lookUpRedirect, withQuery } from './redirect-answers';
import { registerSiteImages } from './site-images';
import { UNAVAILABLE_RETRY_AFTER_S, unavailableHtml } from './unavailable-page';
import { keyedSource } from '../cdn/keyed-source';
import { PRIVATE_NO_STORE, publicPageCacheControl, surrogateKeyHeaders } from '../cdn/cache-control';
import { classifyDatabaseError } from '../db/errors';
import { listAttributes } from '../modules/attributes/attribute.service';

/** Paths that belong to other plugins: an unknown one there is an API-style 404, not a page. */
const NOT_PAGES = /^\/(?:api|uploads|assets)(?:\/|$)/;
const ADMIN = /^\/admin(?:\/|$)/;
/** Pages whose facets are parameters (decision 072): a category's, and the search's (decision 077). */
const LISTING_PAGE = /^\/+(?:category\/|search\/*$)/;

/**
 * Where the shared not-found page of each shape is rendered from: no slug can
 * be "_" (SlugSchema), so these never name a page.
 */
const NOT_FOUND_ADDRESS = { product: '/product/_', category: '/category/_', page: '/pages/_', other: '/_' } as const;

// Painted before the back-office's script and data arrive (issue 24: a slow link showed nothing for ~5 s).
const ADMIN_SHELL_BODY = '<div class="app-loader" role="status" aria-live="polite" aria-busy="true"><span class="app-loader__spinner" aria-hidden="true"></span><span class="app-loader__text">Loading...</span></div>';

let thisYear = 0;
let yearFrom = Number.POSITIVE_INFINITY;
let yearUntil = 0;
/** The local calendar year now, worked out once a year rather than for every request of a kept page. */
function currentYear(): number {
  const now = Date.now();
  if (now < yearFrom || now >= yearUntil) {
    thisYear = new Date(now).getFullYear();
    yearFrom = new Date(thisYear, 0, 1).getTime();
    yearUntil = new Date(thisYear + 1, 0, 1).getTime();
  }
  return thisYear;
}

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

  const { config, db, contentEvents, schedule, catalogueFigures, analytics } = app.ctx;
  // Each page inlines only the rules its HTML uses (decision 077).
  const cssSubset = assets?.inlineCss === undefined ? undefined : new CssSubset(assets.inlineCss);
  const source = createServerContentSource(db, catalogueFigures);
  // While other copies' writes may go unheard (content-notify.ts), a cached page lives only seconds.
  // A page made before a scheduled item went live is not served even as a stale fallback.
  // While the database fails, a page rendered before stands in for up to STALE_IF_ERROR_SECONDS (decision 061).
  const cache = new RenderCache(() => contentEvents.current, {
    maxAgeMs: () => contentEvents.maxAgeMs,
    staleCutoff: () => schedule.lastPassedAt,
    staleIfErrorMs: config.staleIfErrorSeconds * 1000,
  });
  app.decorate('renderCache', cache);
  // A finished variant batch: only the pages that draw those images are rendered again.
  const dropShowing = (urls: readonly string[]) => void cache.dropPagesShowing(urls);
  contentEvents.on('renditions', dropShowing);
  app.addHook('onClose', async () => void contentEvents.off('renditions', dropShowing));
  // Redirects of renamed items and the owner's own, cached and purged like pages.
  const redirects = new RenderCache(() => contentEvents.current, { maxAgeMs: () => contentEvents.maxAgeMs });
  app.decorate('redirectCache', redirects);
  const addresses = new KnownAddresses(
    () => readAddresses(db),
    (kind, value) => holdsAddress(db, kind, value),
    () => contentEvents.current,
    () => contentEvents.maxAgeMs,
  );
  app.decorate('knownAddresses', addresses);
  const contactForms = new ContactFormIds(db, () => contentEvents.current);

  // Every answer of the page route carries the security headers (it sends them itself: installSecurityHeaders).
  const adminHeaders = app.securityHeaders;
  const pageHeaders = withoutOpenerPolicy(adminHeaders);
  const flatPageHeaders: string[] = pageHeaders.flat();

  /**
   * A kept page (or redirect) to the client, in the coding it takes; nothing is compressed or unpacked
   * here (page-cache.ts). A page's answer is written in one go, its head a flat list (Node stores it
   * without the per-header bookkeeping of setHeader): the cached path does what a static server does.
   * `withPageHeaders`: the public pages' security headers go with it (the cached path); otherwise
   * the handler has set them already.
   */
  const send = (request: FastifyRequest, reply: FastifyReply, page: CachedPage, withPageHeaders = false) => {
    const coding = codingFor(request.headers['accept-encoding']);
    if (page.location || coding === null) {
      if (withPageHeaders) setHeaders(reply, pageHeaders);
      if (page.location) return reply.redirect(page.location, page.status);
      return reply.status(406).header('Vary', 'Accept-Encoding').header('Content-Type', 'text/plain; charset=utf-8').send('Not Acceptable: this page is sent as br, gzip or identity.');
    }
    reply.hijack();
    writePage(request.headers['if-none-match'], reply.raw, page, coding, withPageHeaders);
    return reply;
  };

  const pageCacheControl = publicPageCacheControl(config);
  /**
   * Public pages: the same bytes for everyone, revalidated by browsers on every visit (their content
   * changes with each admin write), kept by a CDN under their surrogate keys (decision 061). The admin
   * shell is the owner's; a 503 must not be kept by anyone.
   */
  const cachingOf = (page: CachedPage): string[] => {
    if (page.status === 503) return ['Cache-Control', 'no-store', 'Retry-After', String(UNAVAILABLE_RETRY_AFTER_S)];
    if (page === adminShellPage) return ['Cache-Control', PRIVATE_NO_STORE];
    return ['Cache-Control', pageCacheControl, ...surrogateKeyHeaders(page.keys ?? [], config)];
  };
  let adminShellPage: CachedPage | undefined;

  const headOf = (page: CachedPage, coding: Coding, withPageHeaders: boolean, notModified: boolean, length: number): string[] => {
    const head = [
      ...(withPageHeaders ? flatPageHeaders : []),
      'Content-Type',
      'text/html; charset=utf-8',
      ...cachingOf(page),
      'ETag',
      page.etags[coding],
      'Vary',
      'Accept-Encoding',
    ];
    if (notModified) return head;
    if (coding !== 'identity') head.push('Content-Encoding', coding);
    head.push('Content-Length', String(length));
    return head;
  };
  /** The cached path's 200 heads, made once per kept page and coding. */
  const heads = new WeakMap<CachedPage, Partial<Record<Coding, string[]>>>();

  const writePage = (ifNoneMatch: string | undefined, response: ServerResponse, page: CachedPage, coding: Coding, withPageHeaders: boolean) => {
    const notModified = page.status === 200 && noneMatch(ifNoneMatch, page.etags[coding]);
    const body = notModified ? undefined : pageBody(page, coding);
    let head: string[];
    if (withPageHeaders && body) {
      let byCoding = heads.get(page);
      if (!byCoding) heads.set(page, (byCoding = {}));
      head = byCoding[coding] ??= headOf(page, coding, true, false, body.length);
    } else {
      head = headOf(page, coding, withPageHeaders, notModified, body?.length ?? 0);
    }
    response.writeHead(notModified ? 304 : page.status, head);
    response.end(body);
  };

  /**
   * The cached path in front of Fastify (cached-front.ts): an address the page route has seen
   * (request URL → page identity, so nothing is parsed again) whose page is kept and current.
   * Everything else goes through Fastify: other methods, stale pages, redirects, not-found pages,
   * 406, a closing server (its 503), and every request where reads are logged.
   */
  /** An address's page identity, the path its views count under, and its render-cache key in `year` (made once a year). */
  type SeenAddress = { identity: string; path: string; year: number; key: string };
  const seen = new Map<string, SeenAddress>();
  const SEEN_MAX = 2000;
  const remember = (url: string, identity: string) => {
    if (seen.size >= SEEN_MAX) seen.clear();
    seen.set(url, { identity, path: identity.split('?', 1)[0]!, year: -1, key: '' });
  };
  /**
   * The filter attributes' slugs, read again when the content moves: a category or search page's facets are
   * parameters named by them (decision 072), part of its identity; any other parameter is not.
   */
  let facets: { version: number; slugs: ReadonlySet<string> } = { version: -1, slugs: new Set() };
  const facetSlugs = async (pathname: string, search: URLSearchParams): Promise<ReadonlySet<string>> => {
    if (!LISTING_PAGE.test(pathname) || !mayNameFacets(search)) return facets.slugs;
    const version = contentEvents.current;
    if (facets.version === version) return facets.slugs;
    const slugs = new Set((await listAttributes(db).catch(() => [])).filter((attribute) => attribute.filter).map((attribute) => attribute.slug));
    // An address seen before may name an attribute that is a facet now (or no longer is).
    if ([...slugs].join(' ') !== [...facets.slugs].join(' ')) seen.clear();
    facets = { version, slugs };
    return slugs;
  };
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  /** The kept page a plain GET or HEAD of `url` gets without Fastify, with its coding and whether it is a 304; undefined: ask Fastify. */
  const keptAnswer = (method: string | undefined, url: string | undefined, acceptEncoding: string | undefined, ifNoneMatch: string | undefined) => {
    if (closing || (method !== 'GET' && method !== 'HEAD')) return undefined;
    const address = seen.get(url ?? '');
    if (address === undefined) return undefined;
    schedule.checkDue();
    // The footer prints the current year: a page cached on 31 December must not be served on 1 January.
    const year = currentYear();
    if (address.year !== year) {
      address.year = year;
      address.key = `${year} ${address.identity}`;
    }
    const page = cache.fresh(address.key);
    if (!page || page.status !== 200 || page.location) return undefined;
    const coding = codingFor(acceptEncoding);
    if (coding === null) return undefined;
    return { page, coding, path: address.path, notModified: noneMatch(ifNoneMatch, page.etags[coding]) };
  };
  /**
   * A kept page's answer at the connection: the status line and head as Node writes them (without Date and
   * Connection) and the body, made once per page, coding and status; the same object each time, so the
   * front joins its bytes once a second (connection-front.ts).
   */
  const frontReplies = new WeakMap<CachedPage, Map<string, FrontReply>>();
  const frontReply = (page: CachedPage, coding: Coding, notModified: boolean): FrontReply => {
    let byCoding = frontReplies.get(page);
    if (!byCoding) frontReplies.set(page, (byCoding = new Map()));
    const key = notModified ? `${coding} 304` : coding;
    let reply = byCoding.get(key);
    if (!reply) {
      const status = notModified ? 304 : page.status;
      const body = notModified ? undefined : pageBody(page, coding);
      const flat = headOf(page, coding, true, notModified, body?.length ?? 0);
      let text = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n`;
      for (let i = 0; i < flat.length; i += 2) text += `${flat[i]}: ${flat[i + 1]}\r\n`;
      byCoding.set(key, (reply = { head: Buffer.from(text, 'latin1'), body }));
    }
    return reply;
  };
  if (!app.logsReads) {
    // At the connection: a plain request of a kept page never meets Node's HTTP parser (connection-front.ts, decision 068).
    const front = frontConnections(app.server, (request) => {
      // A draining copy's answers close their connection (cluster/worker.ts): Node's path does that.
      if (app.ctx.lifecycle.draining) return undefined;
      const kept = keptAnswer(request.method, request.url, request.headers['accept-encoding'], request.headers['if-none-match']);
      if (!kept) return undefined;
      // A page view, counted off the request path (decision 060): the front's request has the fields it reads.
      analytics.pageView(request as unknown as IncomingMessage, kept.path, true);
      return frontReply(kept.page, kept.coding, kept.notModified);
    });
    app.addHook('preClose', (done) => {
      front?.close();
      done();
    });
    // A connection Node reads (one that asked something else first): its later page requests skip Fastify still.
    putInFront(app.server, (request, response) => {
      const kept = keptAnswer(request.method, request.url, request.headers['accept-encoding'], request.headers['if-none-match']);
      if (!kept) return false;
      writePage(request.headers['if-none-match'], response, kept.page, kept.coding, true);
      analytics.pageView(request, kept.path);
      return true;
    });
  }

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

  /** The primary colour of the latest page rendered here: the 503 page wears it while the database is away. */
  let lastPrimaryColor: string | undefined;
  /** The friendly 503 page (unavailable-page.ts): status ≥ 500, so served but never kept. */
  const unavailablePage = (version: number) => makePage(version, 503, unavailableHtml(config.publicUrl, lastPrimaryColor, assets));

  /** The earliest sale end still ahead that the page shows (`data-sale-ends` on its cards and Buy bar): the page expires then. */
  const saleEndIn = (html: string): number | undefined => {
    const now = Date.now();
    const ends = [...html.matchAll(/data-sale-ends="([^"]{1,40})"/g)].map((match) => Date.parse(match[1]!)).filter((at) => at > now);
    return ends.length ? Math.min(...ends) : undefined;
  };

  /** Renders `identity` (path + normalised parameters): other parameters of the request never reach the page. */
  const renderPublic = async (identity: string, version: number, log: FastifyRequest['log'], formState?: FormState): Promise<CachedPage> => {
    const url = new URL(identity, config.publicUrl);
    const webRequest = new Request(url, { method: 'GET', headers: { accept: 'text/html' } });
    // Every stored image a page draws is looked up here: the page remembers them (RenderCache.dropPagesShowing).
    const media = new Set<string>();
    // And the surrogate key of everything it reads, for a CDN in front (decision 061).
    const keys = new Set<string>();
    const keyed = keyedSource(source, keys);
    const pageSource = {
      ...keyed,
      describeImages: (urls: string[]) => {
        for (const url of urls) media.add(url);
        return keyed.describeImages(urls);
      },
    };
    let databaseFailed = false;
    const page = await renderPage(
      webRequest,
      pageSource,
      (error) => {
        if (classifyDatabaseError(error)) {
          databaseFailed = true;
          log.warn({ err: error }, 'page render: the database cannot answer');
        } else {
          log.error({ err: error }, 'page render failed');
        }
      },
      formState,
    );
    // The database away: a 503 to try again, not the error screen (the cache serves the previous page instead when it has one).
    if (databaseFailed && (page.kind === 'redirect' || page.status >= 500)) return unavailablePage(version);
    if (page.kind === 'redirect') return makePage(version, page.status, '', page.location);
    lastPrimaryColor = page.primaryColor ?? lastPrimaryColor;
    const html = htmlDocument({
      cssCut: cssSubset?.forHtml(page.appHtml),
      meta: page.meta,
      canonicalBase: config.publicUrl,
      pathname: url.pathname,
      primaryColor: page.primaryColor,
      assets,
      appHtml: page.appHtml,
      hydration: page.hydration,
      preloadImage: page.preloadImage,
      // Not-found screens are real pages for visitors, but nothing for a search index; one serves every made-up address of its shape.
      robots: page.status === 404 ? 'noindex' : page.meta.noindex ? 'noindex, follow' : undefined,
      canonical: page.status !== 404,
    });
    const expiresAt = saleEndIn(html);
    return { ...(await makePage(version, page.status, html)), media, keys: [...keys].sort(), ...(expiresAt === undefined ? {} : { expiresAt }) };
  };

  registerSitemap(app, db, config.publicUrl, options.sitemapMaxUrls);
  registerFeed(app, cache, { db, publicUrl: config.publicUrl, cacheControl: pageCacheControl, checkDue: () => schedule.checkDue() });

  registerPreviewPages(app, source, assets);
  // A contact form sent without JavaScript; a refusal shows the page again, rendered for that answer only.
  await registerPageFormPost(
    app,
    async (identity, state) => pageBody(await renderPublic(identity, contentEvents.current, app.log, state)).toString('utf8'),
    (reply) => setHeaders(reply, pageHeaders),
  );
  registerSiteImages(app, source);

  // Pages carry their own kept codings (page-cache.ts): @fastify/compress stays off this route, per-request work and all.
  app.get('/*', { compress: false, decompress: false, config: { ownSecurityHeaders: true } }, async (request, reply) => {
    // A scheduled item whose time has just passed: pages rendered before it are stale from this moment.
    schedule.checkDue();
    const queryAt = request.url.indexOf('?');
    const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    const query = queryAt === -1 ? '' : request.url.slice(queryAt + 1);
    if (NOT_PAGES.test(pathname) || ADMIN.test(pathname)) {
      setHeaders(reply, adminHeaders);
      if (NOT_PAGES.test(pathname)) return reply.callNotFound();
      adminShellPage = await cache.get('/admin', async (version) => makePage(version, 200, await renderAdminShell()));
      return send(request, reply, adminShellPage);
    }
    const search = new URLSearchParams(query);
    const known = await facetSlugs(pathname, search);
    const identity = pageIdentity(pathname, search, known);
    // The footer prints the current year: a page cached on 31 December must not be served on 1 January.
    const year = currentYear();
    const key = `${year} ${identity}`;
    remember(request.url, identity);
    const cached = cache.fresh(key);
    // A kept not-found page still asks below whether its address redirects.
    if (cached && cached.status !== 404) {
      countView(request, identity, cached);
      return send(request, reply, cached, true);
    }
    // Every other answer, failures included, has them from here.
    setHeaders(reply, pageHeaders);
    try {
      return await answerUncached(request, reply, { pathname, query, search, identity, year, key });
    } catch (error) {
      // A look-up before the render (an address, a redirect) met the database away: the 503 page, never the error envelope.
      if (!classifyDatabaseError(error)) throw error;
      request.log.warn({ err: error }, 'page: the database cannot answer');
      return send(request, reply, await unavailablePage(contentEvents.current));
    }
  });

  // Only a page answered 200 (or 304 for the copy the browser kept) is a page view (decision 060).
  const countView = (request: FastifyRequest, identity: string, page: CachedPage) => {
    if (page.status === 200 && !page.location && codingFor(request.headers['accept-encoding']) !== null) analytics.pageView(request.raw, identity.split('?', 1)[0]!);
  };

  type Wanted = { pathname: string; query: string; search: URLSearchParams; identity: string; year: number; key: string };
  const answerUncached = async (request: FastifyRequest, reply: FastifyReply, { pathname, query, search, identity, year, key }: Wanted) => {

    // Not kept: is this an address at all? Made-up ones never reach the database (issue 23).
    // Unreadable (the database failing): every address is rendered, and its render shows the failure.
    const known = await addresses.get().catch(() => undefined);
    const identityPath = identity.split('?', 1)[0]!;
    const params = readCategoryParams(search, facets.slugs);
    let verdict = known ? judgeAddress(identityPath, params.tags, known) : ({ kind: 'render' } as const);
    // What the set lacks may be a write not heard yet (KnownAddresses.missing): a real item is rendered.
    if (verdict.kind === 'not-found' && verdict.slug !== undefined && !(await addresses.missing(verdict.shape as 'product' | 'category' | 'page', verdict.slug))) {
      verdict = { kind: 'render' };
    }
    if (verdict.kind === 'drop-tags') {
      const kept: string[] = [];
      for (const tag of params.tags) if (verdict.tags.includes(tag) || !(await addresses.missing('tag', tag))) kept.push(tag);
      if (kept.length < params.tags.length) {
        // Tags that name no tag are dropped: the page is the one without them (never a cache key or canonical of its own).
        const location = `${identityPath}${categorySearch({ ...params, tags: kept })}`;
        return reply.header('Cache-Control', 'public, no-cache').redirect(location, 302);
      }
      verdict = { kind: 'render' };
    }
    // Only where no page lives: an item that takes an old address wins over its redirect. The reply is
    // thenable (awaiting it waits for the answer to be sent), so it comes back wrapped.
    const redirectAnswer = async (): Promise<{ sent: FastifyReply } | undefined> => {
      if (known && !known.redirects.has(pathname) && (await addresses.missing('redirect', pathname))) return undefined;
      const redirect = await lookUpRedirect(redirects, db, pathname);
      return redirect && { sent: reply.header('Cache-Control', 'public, no-cache').redirect(withQuery(redirect.location, query), redirect.status) };
    };
    if (verdict.kind === 'not-found') {
      const answered = await redirectAnswer();
      if (answered) return answered.sent;
      const shapeIdentity = NOT_FOUND_ADDRESS[verdict.shape];
      return send(request, reply, await cache.get(`${year} not-found ${verdict.shape}`, (version) => renderPublic(shapeIdentity, version, request.log)));
    }
    // A thank-you line (`?sent=`) for a form the page does not have is the page itself: never a render of its own.
    const sent = /^(\/pages\/[^/?]+)\?sent=(.+)$/.exec(identity);
    if (sent && !(await contactForms.of(sent[1]!.slice('/pages/'.length))).has(sent[2]!)) {
      return reply.header('Cache-Control', 'public, no-cache').redirect(sent[1]!, 302);
    }
    const page = await cache.get(key, (version) => renderPublic(identity, version, request.log));
    if (page.status === 404) {
      const answered = await redirectAnswer();
      if (answered) return answered.sent;
    }
    countView(request, identity, page);
    return send(request, reply, page);
  };
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Rendered public pages (tests read its counters). */
    renderCache: RenderCache;
    /** Redirect look-ups by address (tests read its counters). */
    redirectCache: RenderCache;
    /** The addresses that may be pages, read once per content version (tests count the reads). */
    knownAddresses: KnownAddresses;
  }
}
