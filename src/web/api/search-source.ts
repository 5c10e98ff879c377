import type { Page } from '../../shared/schemas/list';
import type { SearchHit } from '../../shared/schemas/search';
import { apiPage } from './client';

export type SearchPageQuery = { q: string; limit: number; offset?: number };

const MAX_API_LIMIT = 100;
const searchUrl = (q: string, limit: number, cursor: string | undefined) =>
  `/search?${new URLSearchParams({ q, limit: String(limit), ...(cursor ? { cursor } : {}) })}`;

/** The API pages by cursor only: a numbered page reached in the browser walks to its offset (rare: page links load documents). */
export async function searchFromOffset({ q, limit, offset = 0 }: SearchPageQuery): Promise<Page<SearchHit>> {
  let skipped = 0;
  let cursor: string | undefined;
  while (skipped < offset) {
    const step = Math.min(MAX_API_LIMIT, offset - skipped);
    const page = await apiPage<SearchHit>(searchUrl(q, step, cursor));
    if (!page.nextCursor) return { items: [], nextCursor: null, total: page.total };
    skipped += step;
    cursor = page.nextCursor;
  }
  return apiPage<SearchHit>(searchUrl(q, limit, cursor));
}

/** A few matches for the header's suggestions. */
export const suggest = (q: string, limit: number, signal?: AbortSignal) => apiPage<SearchHit>(searchUrl(q, limit, undefined), { signal });
