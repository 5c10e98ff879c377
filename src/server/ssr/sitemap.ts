import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/database';
import { countSitemapEntries, sitemapEntries, type SitemapEntry } from './sitemap-entries';

/** The sitemap protocol's limit of URLs per file; past it, /sitemap.xml is an index of /sitemap-N.xml files. */
export const SITEMAP_MAX_URLS = 50_000;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** Stored media are site paths (/uploads/…); the sitemap wants absolute URLs. */
const absolute = (publicUrl: string, url: string) => (url.startsWith('/') && !url.startsWith('//') ? publicUrl + url : url);

function urlXml(entry: SitemapEntry, publicUrl: string): string {
  const images = entry.images.map((image) => `<image:image><image:loc>${escapeXml(absolute(publicUrl, image))}</image:loc></image:image>`).join('');
  return `  <url><loc>${escapeXml(publicUrl + entry.path)}</loc><lastmod>${escapeXml(entry.lastmod)}</lastmod>${images}</url>\n`;
}

/** One file of URLs, written as the rows are read. */
async function* urlsetXml(db: Db, publicUrl: string, start: number, count: number): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n';
  for await (const entry of sitemapEntries(db, start, count)) yield urlXml(entry, publicUrl);
  yield '</urlset>\n';
}

function indexXml(publicUrl: string, files: number): string {
  const entries = Array.from({ length: files }, (_, index) => `  <sitemap><loc>${escapeXml(`${publicUrl}/sitemap-${index + 1}.xml`)}</loc></sitemap>\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`;
}

/** The back-office is no search result; everything else is. */
export const robotsTxt = (publicUrl: string) =>
  `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nSitemap: ${publicUrl}/sitemap.xml\n`;

const xml = (reply: FastifyReply) => reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600');

/**
 * /robots.txt, /sitemap.xml and, past `maxUrls` pages, /sitemap-N.xml: every
 * public page with its `lastmod` and, for products, their images.
 */
export function registerSitemap(app: FastifyInstance, db: Db, publicUrl: string, maxUrls = SITEMAP_MAX_URLS): void {
  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').send(robotsTxt(publicUrl)));

  app.get('/sitemap.xml', async (_request, reply) => {
    const total = await countSitemapEntries(db);
    if (total > maxUrls) return xml(reply).send(indexXml(publicUrl, Math.ceil(total / maxUrls)));
    return xml(reply).send(Readable.from(urlsetXml(db, publicUrl, 0, maxUrls)));
  });

  app.get('/sitemap-:file', async (request, reply) => {
    const part = /^([1-9]\d{0,6})\.xml$/.exec((request.params as { file: string }).file);
    const total = await countSitemapEntries(db);
    const index = part ? Number(part[1]) : 0;
    // Numbered files exist only while /sitemap.xml is an index, and only as many as it names.
    if (total <= maxUrls || index < 1 || (index - 1) * maxUrls >= total) return reply.callNotFound();
    return xml(reply).send(Readable.from(urlsetXml(db, publicUrl, (index - 1) * maxUrls, maxUrls)));
  });
}
