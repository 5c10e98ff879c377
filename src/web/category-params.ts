import { CATEGORY_PAGE_SIZE, MAX_SELECTED_TAGS } from '../shared/constants';
import { readSearchParams, searchQueryString } from './search-params';
import { PRODUCT_SORTS, type ProductSort } from '../shared/product-sorts';
import { readSentParam } from './page-params';

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

/** Parameters of the page itself: never an attribute's (the attribute form refuses these slugs). */
const OWN_PARAMS = new Set(['page', 'tags', 'tag', 'sort', 'q', 'edition', 'limit', 'cursor', 'category', 'status', 'availability', 'onsale']);
const FACET_TOKEN = /^[a-z0-9.-]{1,100}$/;
const NUMBER = /^-?\d+(?:\.\d+)?$/;
const MAX_FACETS = 10;
const MAX_FACET_VALUES = 20;

/**
 * The facets of a query, normalised: slugs sorted, each one's values lower-cased, deduplicated and sorted.
 * With `known` (the server's filter attributes) only those; without (a loader, which reads a URL the server
 * normalised, or a link of the page), any slug-shaped name, the loader leaving out what names nothing.
 */
export function readFacets(search: URLSearchParams, known?: ReadonlySet<string>): Record<string, string[]> {
  const facets: Record<string, string[]> = {};
  const isFacet = (name: string) => SLUG.test(name) && !OWN_PARAMS.has(name) && (!known || known.has(name));
  // A form's range (`duration-min=0&duration-max=180`) is the range `duration=0-180`.
  const ranges: Record<string, { min: string; max: string }> = {};
  for (const name of new Set(search.keys())) {
    const bound = /^(.+)-(min|max)$/.exec(name);
    if (!bound || !isFacet(bound[1]!) || search.has(bound[1]!)) continue;
    const value = (search.get(name) ?? '').trim();
    if (!NUMBER.test(value)) continue;
    const range = (ranges[bound[1]!] ??= { min: '', max: '' });
    range[bound[2] as 'min' | 'max'] = value;
  }
  const names = [...new Set([...search.keys(), ...Object.keys(ranges)])].filter((name) => isFacet(name) && !/-(?:min|max)$/.test(name)).sort();
  for (const name of names.slice(0, MAX_FACETS)) {
    const range = ranges[name];
    const given = range ? [`${range.min}-${range.max}`] : search.getAll(name).flatMap((text) => text.split(','));
    const values = [...new Set(given.map((value) => value.trim().toLowerCase()).filter((value) => FACET_TOKEN.test(value)))].sort().slice(0, MAX_FACET_VALUES);
    if (values.length > 0) facets[name] = values;
  }
  return facets;
}

/** Whether a query has a parameter that could name a facet (anything but the page's own). */
export const mayNameFacets = (search: URLSearchParams) => [...search.keys()].some((name) => SLUG.test(name) && !OWN_PARAMS.has(name));

const readSort = (search: URLSearchParams): ProductSort => {
  const sort = search.get('sort') ?? '';
  return (PRODUCT_SORTS as readonly string[]).includes(sort) ? (sort as ProductSort) : 'order';
};

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
  const parts: string[] = [];
  // Slugs, numbers and ranges need no escaping; the comma stays readable in a shared link.
  for (const name of Object.keys(facets ?? {}).sort()) {
    const values = [...new Set(facets![name])].sort();
    if (values.length > 0) parts.push(`${name}=${values.join(',')}`);
  }
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
  if (path === '/search') return `${path}${searchQueryString(readSearchParams(search))}`;
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
