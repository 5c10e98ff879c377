import { MAX_QUERY_LENGTH } from '../shared/search-text';
import { CATEGORY_PAGE_SIZE } from '../shared/constants';

/** Results come in pages of the category pages' size. */
export const SEARCH_PAGE_SIZE = CATEGORY_PAGE_SIZE;

/**
 * The query parameters the search page reads: `q` (the words, as typed) and
 * `page` (1 when absent). One normal form serves the links, the canonical URL
 * and the render cache's key: spaces trimmed and collapsed, at most
 * MAX_QUERY_LENGTH characters, so `?q=%20ink%20%20wash&utm_x=y&page=1` and
 * `?q=ink+wash` are one page.
 */
export type SearchParams = { q: string; page: number };

/** Far beyond any real catalogue; keeps offsets in range. */
const MAX_PAGE = 10_000;

export const normaliseQuery = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH).trim();

export function readSearchParams(search: URLSearchParams): SearchParams {
  const pageText = search.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Math.min(MAX_PAGE, Math.max(1, Number(pageText))) : 1;
  return { q: normaliseQuery(search.get('q') ?? ''), page };
}

/** `?q=ink+wash&page=2` in normal form, or '' for the empty search form. */
export function searchQueryString({ q, page }: SearchParams): string {
  if (!q) return '';
  const params = new URLSearchParams({ q });
  if (page > 1) params.set('page', String(page));
  return `?${params}`;
}
