import type { Db } from '../../db/database';
import { parseJson } from '../../db/json';
import { visibleWhere, visibilityFor } from '../../content/visibility';
import { excerpt, highlight, queryWords, wordsOf } from '../../../shared/search-text';
import { htmlToText } from '../../../shared/html-text';
import { PAGE_HITS_MAX, type PageSearchHit } from '../../../shared/schemas/search';

/** Pages read per search at most: a brand has tens of pages, not the catalogue's thousands. */
const PAGES_READ_MAX = 500;

/** The words a visitor reads on a page, block by block (no keys, no markup). */
function pageText(blocksJson: string): string {
  const blocks = parseJson<Array<Record<string, unknown>>>(blocksJson, []);
  const parts: string[] = [];
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  for (const block of Array.isArray(blocks) ? blocks : []) {
    parts.push(htmlToText(text(block.html)), text(block.caption), text(block.heading), text(block.text));
    if (Array.isArray(block.items)) for (const item of block.items as Array<Record<string, unknown>>) parts.push(text(item.question), htmlToText(text(item.answer)));
  }
  return parts.filter(Boolean).join(' ');
}

/**
 * The site search's second source (issue 29): published pages whose title or text holds every
 * word, best first (title matches before text matches), at most PAGE_HITS_MAX. The product index
 * stays one row per product; pages are few, so they are read and matched here, folded like the index.
 */
export async function searchPages(db: Db, q: string): Promise<PageSearchHit[]> {
  const words = queryWords(q);
  if (words.length === 0) return [];
  const rows = await db
    .selectFrom('pages')
    .select(['id', 'slug', 'title', 'blocks'])
    .where(visibleWhere('pages', visibilityFor('visitor')))
    .orderBy('title')
    .orderBy('id')
    .limit(PAGES_READ_MAX)
    .execute();
  const found = rows.flatMap((row) => {
    const titleWords = new Set(wordsOf(row.title));
    const text = pageText(row.blocks);
    const all = new Set([...titleWords, ...wordsOf(text)]);
    if (!words.every((word) => [...all].some((candidate) => candidate.startsWith(word)))) return [];
    const inTitle = words.filter((word) => [...titleWords].some((candidate) => candidate.startsWith(word))).length;
    return [{ inTitle, hit: { id: row.id, slug: row.slug, title: row.title, marked: { title: highlight(row.title, words), excerpt: highlight(excerpt(text, words), words) } } }];
  });
  return found
    .sort((a, b) => b.inTitle - a.inTitle)
    .slice(0, PAGE_HITS_MAX)
    .map((entry) => entry.hit);
}
