import { MAX_QUERY_LENGTH } from '../shared/search-text';
import { CATEGORY_PAGE_SIZE } from '../shared/constants';
import type { ProductSort } from '../shared/product-sorts';
import { facetQueryParts, readFacets, readSortParam } from './facet-params';

/** Results come in pages of the category pages' size. */
export const SEARCH_PAGE_SIZE = CATEGORY_PAGE_SIZE;

/**
 * The query parameters the search page reads: `q` (the words, as typed),
 * `page` (1 when absent), and like a category page the chosen facets and
 * `sort` (decision 077; without it, the ranking). One normal form serves the
 * links, the canonical URL and the render cache's key: spaces trimmed and
 * collapsed, at most MAX_QUERY_LENGTH characters, so
 * `?q=%20ink%20%20wash&utm_x=y&page=1` and `?q=ink+wash` are one page.
 */
export type SearchParams = { q: string; page: number; sort?: ProductSort | undefined; facets?: Record<string, string[]> };

/** Far beyond any real catalogue; keeps offsets in range. */
const MAX_PAGE = 10_000;

export const normaliseQuery = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH).trim();

/** With `knownFacets` (the server's filter attributes) only those name facets; without, any slug-shaped name (decision 072). */
export function readSearchParams(search: URLSearchParams, knownFacets?: ReadonlySet<string>): SearchParams {
  const pageText = search.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Math.min(MAX_PAGE, Math.max(1, Number(pageText))) : 1;
  return { q: normaliseQuery(search.get('q') ?? ''), page, sort: readSortParam(search), facets: readFacets(search, knownFacets) };
}

/** `?q=ink+wash&level=a,b&page=2&sort=newest` in normal form, or '' for the empty search form. */
export function searchQueryString({ q, page, sort, facets }: SearchParams): string {
  if (!q) return '';
  const params = new URLSearchParams({ q });
  const parts = [params.toString(), ...facetQueryParts(facets)];
  if (page > 1) parts.push(`page=${page}`);
  if (sort) parts.push(`sort=${sort}`);
  return `?${parts.join('&')}`;
}
