import { parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { aProduct } from '../helpers/factories';

const BASE = 'https://shop.example.com';
const ATOM = 'http://www.w3.org/2005/Atom';
/** RFC 3339 date-time, as RFC 4287 §3.3 requires. */
const DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
const IRI = /^[a-z][a-z0-9+.-]*:\S+$/i;

const childrenOf = (node: Element, name?: string) =>
  node.children.filter((child): child is Element => child.type === 'tag' && (name === undefined || child.name === name));
const textOf = (node: Element): string => node.children.map((child) => ('data' in child ? String(child.data) : child.type === 'tag' ? textOf(child) : '')).join('');

/**
 * The rules of RFC 4287 a feed reader depends on: one atom:feed root in the Atom namespace; the feed
 * and each entry with exactly one id (an absolute IRI), title and updated (RFC 3339); an author for
 * the feed or every entry; at most one alternate link per type and language; an entry without
 * content of its own has an alternate link; text constructs of a known type.
 */
function atomProblems(xml: string): string[] {
  const problems: string[] = [];
  if (!xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')) problems.push('no XML declaration');
  const document = parseDocument(xml, { xmlMode: true });
  const roots = document.children.filter((child): child is Element => child.type === 'tag');
  if (roots.length !== 1 || roots[0]!.name !== 'feed') return ['the root element is not feed'];
  const feed = roots[0]!;
  if (feed.attribs.xmlns !== ATOM) problems.push('feed is not in the Atom namespace');
  const once = (node: Element, name: string, where: string) => {
    const found = childrenOf(node, name);
    if (found.length !== 1) problems.push(`${where} has ${found.length} ${name} elements`);
    return found[0];
  };
  const checkCommon = (node: Element, where: string) => {
    const id = once(node, 'id', where);
    if (id && !IRI.test(textOf(id))) problems.push(`${where} id is not an absolute IRI: ${textOf(id)}`);
    const title = once(node, 'title', where);
    if (title && !['text', 'html', 'xhtml', undefined].includes(title.attribs.type)) problems.push(`${where} title type`);
    const updated = once(node, 'updated', where);
    if (updated && !DATE.test(textOf(updated))) problems.push(`${where} updated is not RFC 3339: ${textOf(updated)}`);
    for (const published of childrenOf(node, 'published')) if (!DATE.test(textOf(published))) problems.push(`${where} published`);
    const alternates = new Set<string>();
    for (const link of childrenOf(node, 'link')) {
      if (!link.attribs.href || !IRI.test(link.attribs.href)) problems.push(`${where} link without an absolute href`);
      if ((link.attribs.rel ?? 'alternate') === 'alternate') {
        const key = `${link.attribs.type ?? ''} ${link.attribs.hreflang ?? ''}`;
        if (alternates.has(key)) problems.push(`${where} has two alternate links of one type`);
        alternates.add(key);
      }
    }
    return alternates.size;
  };
  checkCommon(feed, 'feed');
  const feedHasAuthor = childrenOf(feed, 'author').some((author) => childrenOf(author, 'name').length === 1);
  for (const [index, entry] of childrenOf(feed, 'entry').entries()) {
    const where = `entry ${index + 1}`;
    const alternates = checkCommon(entry, where);
    if (!feedHasAuthor && childrenOf(entry, 'author').length === 0) problems.push(`${where} has no author`);
    if (childrenOf(entry, 'content').length === 0 && alternates === 0) problems.push(`${where} has neither content nor an alternate link`);
    if (childrenOf(entry, 'summary').length > 1) problems.push(`${where} has two summaries`);
  }
  return problems;
}

describe('the Atom feed', () => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: BASE }, { web: true });
    for (const product of [
      aProduct({ slug: 'older', title: 'Older & wiser', price: 29.99, currency: 'USD' }),
      aProduct({ slug: 'newer', title: 'Newer <one>', description: '<p>Learn <strong>fast</strong> &amp; well</p>' }),
      { ...aProduct({ slug: 'hidden-draft' }), status: 'draft' },
    ]) {
      const made = await t.asAdmin({ method: 'POST', url: '/api/products', payload: product });
      expect(made.statusCode, made.body).toBe(201);
    }
  });
  afterAll(async () => t.close());

  it('lists the newest published products with title, summary, image, price and link, valid against the Atom rules', async () => {
    const response = await get('/feed.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const xml = response.body;
    expect(atomProblems(xml)).toEqual([]);
    const feed = parseDocument(xml, { xmlMode: true }).children.find((child): child is Element => child.type === 'tag')!;
    const entries = childrenOf(feed, 'entry');
    expect(entries.map((entry) => textOf(childrenOf(entry, 'title')[0]!))).toEqual(['Newer <one>', 'Older & wiser']);
    expect(xml).not.toContain('hidden-draft');
    const [newer, older] = entries;
    expect(childrenOf(newer!, 'link').map((link) => [link.attribs.rel, link.attribs.href])).toEqual([
      ['alternate', `${BASE}/product/newer`],
      ['enclosure', `${BASE}/uploads/newer.jpg`],
    ]);
    expect(textOf(childrenOf(newer!, 'summary')[0]!)).toBe('Learn fast & well');
    expect(textOf(childrenOf(older!, 'summary')[0]!)).toContain('$29.99');
    expect(textOf(childrenOf(older!, 'content')[0]!)).toContain(`<img src="${BASE}/uploads/older.jpg"`);
    // The validator does catch a broken feed.
    expect(atomProblems(xml.replace(/<updated>[^<]*<\/updated>/, '<updated>yesterday</updated>'))).toEqual(['feed updated is not RFC 3339: yesterday']);
    expect(atomProblems(xml.replace(/<id>[^<]*<\/id>/, ''))).toEqual(['feed has 0 id elements']);
  });

  it('is cached like a page: one ETag until a write, answered 304, then the new feed', async () => {
    const first = await get('/feed.xml', { 'accept-encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['cache-control']).toMatch(/^public, max-age=0/);
    const etag = String(first.headers.etag);
    expect((await get('/feed.xml', { 'accept-encoding': 'gzip', 'if-none-match': etag })).statusCode).toBe(304);
    await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'newest', title: 'Newest' }) });
    // After a write the old feed may be served once while the new one is made (stale while revalidating).
    await get('/feed.xml');
    await t.app.renderCache.settled();
    const after = await get('/feed.xml', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('<title type="text">Newest</title>');
  });

  it('is linked from every page head', async () => {
    for (const url of ['/', '/about', '/product/newer', '/no-such-page']) {
      expect((await get(url)).body, url).toContain('<link rel="alternate" type="application/atom+xml" title="Catalogue feed" href="/feed.xml">');
    }
  });
});
