import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ContentSource } from '../../web/api/content-source';
import {
  DEFAULT_FAVICON_PATH,
  DEFAULT_SHARE_IMAGE_PATH,
  defaultFaviconUrl,
  defaultShareImageUrl,
  faviconSvg,
  shareCardSvg,
} from '../../shared/share-card';
import { loadSharp } from '../modules/media/sharp-setup';

const LONG_CACHE = 'public, max-age=31536000, immutable';

/**
 * The built-in pictures drawn from the site settings and theme: the default
 * share card (PNG, 1200×630) and the favicon (SVG). Pages link them with a
 * version made from what they are drawn from: a request naming the current
 * version may be cached for good; any other is answered with the current
 * picture, revalidated each time. A new name or colour is a new version, so
 * nothing needs purging; the last card made is kept in memory.
 */
export function registerSiteImages(app: FastifyInstance, source: ContentSource): void {
  let card: { url: string; png: Promise<Buffer> } | undefined;

  const cacheFor = (reply: FastifyReply, requested: unknown, current: string) =>
    reply.header('Cache-Control', typeof requested === 'string' && current.endsWith(`?v=${requested}`) ? LONG_CACHE : 'public, no-cache');

  app.get(DEFAULT_SHARE_IMAGE_PATH, async (request, reply) => {
    const [site, theme] = await Promise.all([source.getSiteSettings(), source.getTheme()]);
    const url = defaultShareImageUrl(site.name, site.tagline, theme.primaryColor);
    if (card?.url !== url) {
      // Loaded on first use, with libvips' operation cache off like for uploads: a worker that only
      // serves pages never carries sharp and libvips, and one that drew a card keeps no pixels of it.
      const svg = Buffer.from(shareCardSvg(site.name, site.tagline, theme.primaryColor));
      const png = loadSharp().then((sharp) => sharp(svg).png().toBuffer());
      card = { url, png };
      png.catch(() => {
        if (card?.png === png) card = undefined;
      });
    }
    const body = await card.png;
    cacheFor(reply, (request.query as { v?: unknown }).v, url);
    return reply.type('image/png').header('X-Content-Type-Options', 'nosniff').send(body);
  });

  app.get(DEFAULT_FAVICON_PATH, async (request, reply) => {
    const theme = await source.getTheme();
    cacheFor(reply, (request.query as { v?: unknown }).v, defaultFaviconUrl(theme.primaryColor));
    return reply.type('image/svg+xml').header('X-Content-Type-Options', 'nosniff').send(faviconSvg(theme.primaryColor));
  });
}
