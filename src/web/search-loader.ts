import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { PageSearchHit, SearchHit } from '../shared/schemas/search';
import { chosenFacets, sourceOf } from './loaders';
import type { Facet, ProductSort } from '../shared/schemas/attribute';
import { loadImages, type WithImages } from './images/image-loader';
import { readSearchParams, searchQueryString, SEARCH_PAGE_SIZE } from './search-params';
import { editionFacts, type EditionFacts } from './page-data';

/** A result as the page shows it: the editions only as the price and badge they make (hydration carries no more). */
export type SearchResultData = Omit<SearchHit, 'editions'> & EditionFacts;


export type SearchData = WithImages & {
  /** The words as typed (normalised); '' shows the search form alone. */
  q: string;
  page: number;
  /** `?sort=`; undefined: the ranking (decision 077). */
  sort?: ProductSort | undefined;
  /** The filter attributes with their counts over the matches, and the chosen values by slug, normalised. */
  facets: Facet[];
  chosen: Record<string, string[]>;
  hits: SearchResultData[];
  /** Pages made of blocks that match, on the first page of results. */
  pages?: PageSearchHit[];
  /** Matches in all pages. */
  total: number;
  hasNext: boolean;
};

/** `/search?q=…&level=…&sort=…&page=N`: one page of ranked (or sorted) matches. No query, or one with no match, is still a page (200). */
export async function searchLoader({ context, request }: LoaderFunctionArgs) {
  const source = sourceOf(context);
  const { q, page, sort, facets: asked = {} } = readSearchParams(new URL(request.url).searchParams);
  if (!q) return { images: {}, q, page: 1, facets: [], chosen: {}, hits: [], total: 0, hasNext: false } satisfies SearchData;
  const facets = await source.searchFacets({ q, attributes: asked });
  // As on a category page: only what names a facet's value is a choice; a filter no match has a value of is left out.
  const chosen = chosenFacets(facets, asked);
  const offered = facets.filter((facet) => facet.count > 0 || chosen[facet.slug] !== undefined);
  const [result, pages] = await Promise.all([
    source.search({ q, limit: SEARCH_PAGE_SIZE, offset: (page - 1) * SEARCH_PAGE_SIZE, attributes: chosen, sort }),
    page === 1 ? source.searchPages(q) : [],
  ]);
  // Past the last page: the last page that exists (or the first).
  if (page > 1 && result.items.length === 0) {
    const last = Math.max(1, Math.ceil(result.total / SEARCH_PAGE_SIZE));
    return redirect(`/search${searchQueryString({ q, page: last, sort, facets: chosen })}`);
  }
  const images = await loadImages(source, result.items.map((hit) => hit.mainImage));
  const hits = result.items.map(({ editions, ...hit }) => ({ ...hit, ...editionFacts(editions) }));
  return { images, q, page, sort, facets: offered, chosen, hits, pages, total: result.total, hasNext: result.nextCursor !== null } satisfies SearchData;
}
