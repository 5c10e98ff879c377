import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { fromMinorUnits, formatPrice } from '../../shared/price';
import { itemPath } from '../content/types';
import { visibilityFor, visibleWhere } from '../content/visibility';
import { getSiteSettings } from '../modules/site/site-settings.service';
import { codingFor, noneMatch } from '../http/accept-encoding';
import { makePage, pageBody } from './page-cache';
import type { RenderCache } from './render-cache';

/** How many of the newest published products the feed lists. */
export const FEED_ENTRIES = 20;
export const FEED_PATH = '/feed.xml';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
// eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters even escaped.
const xmlText = (text: string) => escapeXml(text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, ''));
const plainText = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/\s+/g, ' ').trim();
const absolute = (publicUrl: string, url: string) => (url.startsWith('/') && !url.startsWith('//') ? publicUrl + url : url);

/** An Atom feed (RFC 4287) of the newest published products: title, summary, image, price and link. */
export async function feedXml(db: Db, publicUrl: string): Promise<string> {
  const site = await getSiteSettings(db);
  const rows = await db
    .selectFrom('products')
    .select(['id', 'slug', 'title', 'description', 'seo_description', 'main_image', 'price_minor', 'currency', 'publish_at', 'created_at', 'updated_at'])
    .where(visibleWhere('products', visibilityFor('visitor')))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(FEED_ENTRIES)
    .execute();
  const updated = rows.reduce((latest, row) => (row.updated_at > latest ? row.updated_at : latest), rows[0]?.updated_at ?? new Date(0).toISOString());
  const host = new URL(publicUrl).hostname;
  const entries = rows.map((row) => {
    const link = publicUrl + itemPath('product', row.slug);
    const summary = (row.seo_description || plainText(row.description)).slice(0, 500);
    const price = row.price_minor !== null && row.currency ? formatPrice(fromMinorUnits(row.price_minor, row.currency), row.currency) : null;
    const image = row.main_image ? absolute(publicUrl, row.main_image) : null;
    const content =
      (image ? `<p><img src="${escapeXml(image)}" alt="${escapeXml(row.title)}"></p>` : '') +
      `<p>${escapeXml(summary)}</p>` +
      (price ? `<p>Price: ${escapeXml(price)}</p>` : '') +
      `<p><a href="${escapeXml(link)}">${escapeXml(row.title)}</a></p>`;
    return [
      '  <entry>',
      `    <id>tag:${xmlText(host)},2026:product:${xmlText(row.id)}</id>`,
      `    <title type="text">${xmlText(row.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(link)}"/>`,
      image ? `    <link rel="enclosure" href="${xmlText(image)}"/>` : '',
      `    <published>${xmlText(row.publish_at ?? row.created_at)}</published>`,
      `    <updated>${xmlText(row.updated_at)}</updated>`,
      `    <summary type="text">${xmlText(price ? `${summary} — ${price}` : summary)}</summary>`,
      `    <content type="html">${xmlText(content)}</content>`,
      '  </entry>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(publicUrl + FEED_PATH)}</id>`,
    `  <title type="text">${xmlText(site.name)}</title>`,
    site.tagline ? `  <subtitle type="text">${xmlText(site.tagline)}</subtitle>` : '',
    `  <updated>${xmlText(updated)}</updated>`,
    `  <author><name>${xmlText(site.name)}</name></author>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(publicUrl + FEED_PATH)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(`${publicUrl}/`)}"/>`,
    '  <generator>Showcase</generator>',
    ...entries,
    '</feed>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * /feed.xml, cached like a page: rendered once per content version in the
 * page cache (so after a write the old feed is served until the new one is
 * made), with its own ETag and the pages' Cache-Control.
 */
export function registerFeed(app: FastifyInstance, cache: RenderCache, options: { db: Db; publicUrl: string; cacheControl: string; checkDue: () => void }): void {
  app.get(FEED_PATH, { compress: false }, async (request, reply) => {
    options.checkDue();
    const page = await cache.get(FEED_PATH, async (version) => makePage(version, 200, await feedXml(options.db, options.publicUrl)));
    const coding = codingFor(request.headers['accept-encoding']) ?? 'identity';
    const etag = page.etags[coding];
    reply.header('Content-Type', 'application/atom+xml; charset=utf-8').header('Cache-Control', options.cacheControl).header('ETag', etag).header('Vary', 'Accept-Encoding');
    if (noneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send();
    if (coding !== 'identity') reply.header('Content-Encoding', coding);
    return reply.send(pageBody(page, coding));
  });
}
