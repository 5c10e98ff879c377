import type { FastifyInstance } from 'fastify';
import { PRIVATE_NO_STORE } from '../cdn/cache-control';
import { renderPage } from '../../web/entry-server';
import type { ContentSource } from '../../web/api/content-source';
import { openPreview } from '../modules/preview/preview.service';
import type { ClientAssets } from './client-manifest';
import { htmlDocument } from './html-document';
import { planPreview } from './preview-page';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const banner = (expiresAt: string) =>
  '<div role="note" style="position:sticky;top:0;z-index:1000;padding:8px 16px;background:#111827;color:#fff;font:14px/1.4 system-ui,sans-serif;text-align:center">' +
  `Preview: visitors do not see this version. This link works until ${escapeHtml(expiresAt.replace('T', ' ').slice(0, 16))} UTC.</div>`;

/**
 * `/preview/{id}/{signature}`: the public page as an editor's form would make
 * it, for whoever holds the signed link (no sign-in, so it can be shared),
 * until it expires. Rendered on each request and never stored by any cache,
 * nor indexed. Served as HTML with styles but without the client app, whose
 * router does not know this address.
 */
export function registerPreviewPages(app: FastifyInstance, source: ContentSource, assets: ClientAssets | null): void {
  const { config, db } = app.ctx;
  app.get<{ Params: { id: string; signature: string } }>('/preview/:id/:signature', async (request, reply) => {
    reply.header('Cache-Control', PRIVATE_NO_STORE).header('X-Robots-Tag', 'noindex');
    const preview = await openPreview(db, request.params.id, request.params.signature);
    if (!preview) {
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Preview not found</title></head><body><h1>This preview link has expired or is not valid</h1><p>Ask for a new link from the editor.</p></body></html>');
    }
    const plan = await planPreview(db, source, preview);
    const url = new URL(plan.path, config.publicUrl);
    const page = await renderPage(new Request(url, { headers: { accept: 'text/html' } }), plan.source, (error) => request.log.error({ err: error }, 'preview render failed'));
    if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
    const html = htmlDocument({
      meta: page.meta,
      canonicalBase: config.publicUrl,
      pathname: url.pathname,
      primaryColor: page.primaryColor,
      assets,
      appHtml: page.appHtml,
      hydration: null,
      robots: 'noindex',
      staticOnly: true,
      before: banner(preview.expiresAt),
    });
    return reply.status(page.status).type('text/html; charset=utf-8').send(html);
  });
}
