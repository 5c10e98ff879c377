import type { Page } from '../../shared/schemas/list';
import type { SearchHit } from '../../shared/schemas/search';
import type { ProductSort } from '../../shared/schemas/attribute';
import { apiPage } from './client';

/** What a search's facets are counted over: the words, and the chosen facets by attribute slug. */
export type SearchFacetQuery = { q: string; attributes?: Record<string, string[]> | undefined };
/** One page of a search; without `sort`, the ranking (decision 077). */
export type SearchPageQuery = SearchFacetQuery & { limit: number; offset?: number; sort?: ProductSort | undefined };

const MAX_API_LIMIT = 100;

/** `q`, the chosen facets as `attr.{slug}` and the sort, as `GET /api/search` reads them. */
export function searchParams({ q, attributes, sort }: SearchFacetQuery & { sort?: ProductSort | undefined }): URLSearchParams {
  const params = new URLSearchParams({ q });
  for (const [slug, values] of Object.entries(attributes ?? {})) for (const value of values) params.append(`attr.${slug}`, value);
  if (sort) params.set('sort', sort);
  return params;
}

const searchUrl = (query: Omit<SearchPageQuery, 'offset' | 'limit'>, limit: number, cursor: string | undefined) => {
  const params = searchParams(query);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return `/search?${params}`;
};

/** The API pages by cursor only: a numbered page reached in the browser walks to its offset (rare: page links load documents). */
export async function searchFromOffset({ limit, offset = 0, ...query }: SearchPageQuery): Promise<Page<SearchHit>> {
  let skipped = 0;
  let cursor: string | undefined;
  while (skipped < offset) {
    const step = Math.min(MAX_API_LIMIT, offset - skipped);
    const page = await apiPage<SearchHit>(searchUrl(query, step, cursor));
    if (!page.nextCursor) return { items: [], nextCursor: null, total: page.total };
    skipped += step;
    cursor = page.nextCursor;
  }
  return apiPage<SearchHit>(searchUrl(query, limit, cursor));
}

/** A few matches for the header's suggestions. */
export const suggest = (q: string, limit: number, signal?: AbortSignal) => apiPage<SearchHit>(searchUrl({ q }, limit, undefined), { signal });
