import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { PageSearchHit, SearchHit } from '../shared/schemas/search';
import { sourceOf } from './loaders';
import { loadImages, type WithImages } from './images/image-loader';
import { readSearchParams, searchQueryString, SEARCH_PAGE_SIZE } from './search-params';
import { editionFacts, type EditionFacts } from './page-data';

/** A result as the page shows it: the editions only as the price and badge they make (hydration carries no more). */
export type SearchResultData = Omit<SearchHit, 'editions'> & EditionFacts;


export type SearchData = WithImages & {
  /** The words as typed (normalised); '' shows the search form alone. */
  q: string;
  page: number;
  hits: SearchResultData[];
  /** Pages made of blocks that match, on the first page of results. */
  pages?: PageSearchHit[];
  /** Matches in all pages. */
  total: number;
  hasNext: boolean;
};

/** `/search?q=…&page=N`: one page of ranked matches. No query, or one with no match, is still a page (200). */
export async function searchLoader({ context, request }: LoaderFunctionArgs) {
  const source = sourceOf(context);
  const { q, page } = readSearchParams(new URL(request.url).searchParams);
  if (!q) return { images: {}, q, page: 1, hits: [], total: 0, hasNext: false } satisfies SearchData;
  const [result, pages] = await Promise.all([source.search({ q, limit: SEARCH_PAGE_SIZE, offset: (page - 1) * SEARCH_PAGE_SIZE }), page === 1 ? source.searchPages(q) : []]);
  // Past the last page: the last page that exists (or the first).
  if (page > 1 && result.items.length === 0) {
    const last = Math.max(1, Math.ceil(result.total / SEARCH_PAGE_SIZE));
    return redirect(`/search${searchQueryString({ q, page: last })}`);
  }
  const images = await loadImages(source, result.items.map((hit) => hit.mainImage));
  const hits = result.items.map(({ editions, ...hit }) => ({ ...hit, ...editionFacts(editions) }));
  return { images, q, page, hits, pages, total: result.total, hasNext: result.nextCursor !== null } satisfies SearchData;
}
