import { PRODUCT_SORTS, type ProductSort } from '../shared/product-sorts';

// The facets and sort of a listing's address (decision 072), read alike by category and search pages.

const SLUG = /^[a-z0-9]+(?:-+[a-z0-9]+)*$/;

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

/** `?sort=` when it names a sort, else undefined. */
export function readSortParam(search: URLSearchParams): ProductSort | undefined {
  const sort = search.get('sort') ?? '';
  return (PRODUCT_SORTS as readonly string[]).includes(sort) ? (sort as ProductSort) : undefined;
}

/** `level=a,b&size=1-3` in normal form (slugs sorted, values sorted): the facets' part of an address. */
export function facetQueryParts(facets: Record<string, string[]> | undefined): string[] {
  const parts: string[] = [];
  // Slugs, numbers and ranges need no escaping; the comma stays readable in a shared link.
  for (const name of Object.keys(facets ?? {}).sort()) {
    const values = [...new Set(facets![name])].sort();
    if (values.length > 0) parts.push(`${name}=${values.join(',')}`);
  }
  return parts;
}
