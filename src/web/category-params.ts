import { CATEGORY_PAGE_SIZE, MAX_SELECTED_TAGS } from '../shared/constants';
import { readSearchParams, searchQueryString } from './search-params';
import type { ProductSort } from '../shared/product-sorts';
import { facetQueryParts, readFacets, readSortParam } from './facet-params';
import { readSentParam } from './page-params';

export { mayNameFacets, readFacets } from './facet-params';

/**
 * The query parameters a category page reads: `page` (1 when absent) and
 * `tags` (comma-separated slugs, AND). One normal form serves the links, the
 * canonical URL and the render cache's key, so `?tags=b,a&page=1&utm_x=y`
 * and `?tags=a,b` are one page.
 */
export type CategoryParams = {
  page: number;
  tags: string[];
  /** `?sort=` (issue 28); `order`, the owner's, when absent. */
  sort?: ProductSort;
  /** Chosen facets by attribute slug (`?level=beginner,intermediate&duration=0-180`): value slugs, a range, or true/false. */
  facets?: Record<string, string[]>;
};

const readSort = (search: URLSearchParams): ProductSort => readSortParam(search) ?? 'order';

const EDITION_ID = /^[A-Za-z0-9_-]{1,100}$/;
const SLUG = /^[a-z0-9]+(?:-+[a-z0-9]+)*$/;
/** Far beyond any real catalogue; keeps offsets in range. */
const MAX_PAGE = 100_000;

export function readCategoryParams(search: URLSearchParams, knownFacets?: ReadonlySet<string>): CategoryParams {
  const pageText = search.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Math.min(MAX_PAGE, Math.max(1, Number(pageText))) : 1;
  const tags = [
    ...new Set(
      (search.get('tags') ?? '')
        .split(',')
        .map((slug) => slug.trim().toLowerCase())
        .filter((slug) => SLUG.test(slug)),
    ),
  ]
    .sort()
    .slice(0, MAX_SELECTED_TAGS);
  return { page, tags, sort: readSort(search), facets: readFacets(search, knownFacets) };
}

/** `?level=a,b&page=2&sort=newest&tags=a,b` in normal form, or '' for the first unfiltered page. */
export function categorySearch({ page, tags, sort, facets }: CategoryParams): string {
  const parts = facetQueryParts(facets);
  if (page > 1) parts.push(`page=${page}`);
  if (sort && sort !== 'order') parts.push(`sort=${sort}`);
  if (tags.length > 0) parts.push(`tags=${[...tags].sort().join(',')}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

export const categoryOffset = (page: number) => (page - 1) * CATEGORY_PAGE_SIZE;

/** The part of a URL that decides which page is rendered: the path, plus the normalised parameters where the page reads any. */
export function pageIdentity(pathname: string, search: URLSearchParams, knownFacets: ReadonlySet<string> = new Set()): string {
  // Leading slashes collapse too: `//host` must stay a path, never become another origin.
  const path = `/${pathname.replace(/^\/+|\/+$/g, '')}`;
  if (path === '/search') return `${path}${searchQueryString(readSearchParams(search, knownFacets))}`;
  if (/^\/product\/[^/]+$/.test(path)) {
    // The edition a visitor chose (issue 28) is part of the page; only an id's characters are kept.
    const edition = search.get('edition') ?? '';
    return EDITION_ID.test(edition) ? `${path}?edition=${edition}` : path;
  }
  if (/^\/pages\/[^/]+$/.test(path)) {
    // After a contact form was sent without JavaScript: the page with its thank-you line (the same for everyone).
    const sent = readSentParam(search);
    return sent ? `${path}?sent=${sent}` : path;
  }
  return /^\/category\/[^/]+$/.test(path) ? `${path}${categorySearch(readCategoryParams(search, knownFacets))}` : path;
}
