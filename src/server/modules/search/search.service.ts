import { z } from 'zod';
import type { Db } from '../../db/database';
import { encodeCursor } from '../../db/paging';
import { decodeCursor } from '../../http/cursor';
import { visibleWhere, visibilityFor } from '../../content/visibility';
import { DEFAULT_PAGE_LIMIT, type Page } from '../../../shared/schemas/list';
import type { SearchHit } from '../../../shared/schemas/search';
import { excerpt, highlight, queryWords } from '../../../shared/search-text';
import { htmlToText } from '../../../shared/html-text';
import { countIndexMatches, selectNotYetLiveIds, selectRankedIds, selectRankedIdsAmong, selectSoldOutIds } from './search.repository';
import type { ProductSort, Facet } from '../../../shared/schemas/attribute';
import type { CatalogueFigures } from '../../content/catalogue-figures';
import { listingCountKey, resolveFilter, type ProductQuery } from '../products/product.reads';
import { countProducts, productIdsMatching, selectProducts, type ListingSearch } from '../products/product.repository';
import { productFacets } from '../products/product.facets';
import { getSiteSettings } from '../site/site-settings.service';
import { linkedTitles } from '../../content/effects/linked-titles';
import { matchedOnlyByLaterCategories } from './later-categories';
import { selectEditions } from '../products/edition.repository';
import { editionsOf } from '../products/editions';

/**
 * Ranked matches page by position: the cursor carries the offset of the next
 * page. (A keyset cursor would have to carry a floating-point rank, which the
 * two databases do not give back bit for bit.) A walk made while nobody
 * edits sees every match once.
 */
const SearchCursor = z.tuple([z.number().int().min(0).max(1_000_000)]);

/**
 * `sort` (decision 077): the ranking when absent, else a catalogue sort of the matches. The facets'
 * narrowing (attributes, availability, sales) is read as `GET /api/products` reads it.
 */
export type SearchRequest = {
  q: string;
  limit?: number | undefined;
  cursor?: string | undefined;
  offset?: number | undefined;
  sort?: ProductSort | undefined;
} & Pick<ProductQuery, 'attributes' | 'strictAttributes' | 'availability' | 'onSale'>;

const isNarrowed = (request: SearchRequest) =>
  Object.keys(request.attributes ?? {}).length > 0 || request.availability !== undefined || request.onSale !== undefined;

/** The products a visitor finds by `words`, as a listing's narrowing: those found only by a category not live yet are left out. */
async function listingSearch(db: Db, words: string[]): Promise<ListingSearch> {
  return { words, excludedIds: await matchedOnlyByLaterCategories(db, words, visibilityFor('visitor').now) };
}

/** A visitor's search: published products only (search results are public pages, cached for everyone). */
export async function searchProducts(db: Db, request: SearchRequest, figures?: CatalogueFigures): Promise<Page<SearchHit>> {
  const words = queryWords(request.q);
  const limit = request.limit ?? DEFAULT_PAGE_LIMIT;
  const offset = request.cursor === undefined ? (request.offset ?? 0) : decodeCursor(request.cursor, SearchCursor)[0];
  // Only punctuation or symbols: nothing to look for, not an error.
  if (words.length === 0) return { items: [], nextCursor: null, total: 0 };
  if (request.sort !== undefined || isNarrowed(request)) return narrowedSearch(db, words, request, { limit, offset }, figures);
  const now = visibilityFor('visitor').now;
  // Products not live yet, and live ones found only by the title of a category not live yet.
  // And, when the owner hides them, products sold out in every edition (decision 072).
  const soldOut = (await getSiteSettings(db)).soldOutProducts === 'hidden' ? await selectSoldOutIds(db) : [];
  const hidden = [...new Set([...(await selectNotYetLiveIds(db, now)), ...(await matchedOnlyByLaterCategories(db, words, now)), ...soldOut])];
  const ids = await visibleRanked(db, words, new Set(hidden), offset + limit + 1);
  const total = (await countIndexMatches(db, words)) - (await countIndexMatches(db, words, hidden));
  const items = await describeHits(db, ids.slice(offset, offset + limit), words);
  return { items, nextCursor: ids.length > offset + limit ? encodeCursor([offset + limit]) : null, total };
}

/**
 * A search narrowed by facets or sorted otherwise than by rank (decision 077): the matches as a product
 * listing (visibility, sold-out products and the facets' narrowing as the catalogue applies them), ranked
 * within it or in the sort's order; the cursor is an offset, as for every search.
 */
async function narrowedSearch(db: Db, words: string[], request: SearchRequest, { limit, offset }: { limit: number; offset: number }, figures?: CatalogueFigures): Promise<Page<SearchHit>> {
  const query: ProductQuery = { ...request, q: undefined, search: await listingSearch(db, words) };
  const filter = await resolveFilter(db, 'visitor', query);
  if (!filter) return { items: [], nextCursor: null, total: 0 };
  const ids = request.sort === undefined
    ? await selectRankedIdsAmong(db, words, productIdsMatching(db, filter), limit + 1, offset)
    : (await selectProducts(db, filter, { limit: limit + 1, offset, sort: request.sort })).map((row) => row.id);
  const count = () => countProducts(db, filter);
  const total = await (figures && filter.narrowing?.onSale === undefined ? figures.get(listingCountKey('visitor', query, filter), count) : count());
  const items = await describeHits(db, ids.slice(0, limit), words);
  return { items, nextCursor: ids.length > limit ? encodeCursor([offset + limit]) : null, total };
}

/** The filter attributes with their counts over a search's matches (decision 077), with the same narrowing. */
export async function searchFacets(db: Db, request: Omit<SearchRequest, 'limit' | 'cursor' | 'offset' | 'sort'>, figures?: CatalogueFigures): Promise<Facet[]> {
  const words = queryWords(request.q);
  if (words.length === 0) return [];
  return productFacets(db, 'visitor', { ...request, q: undefined, search: await listingSearch(db, words) }, figures);
}

/** The best `wanted` matches a visitor may see: ranked in the index, then the not-yet-live ones left out (read more if they were among them). */
async function visibleRanked(db: Db, words: string[], hidden: Set<string>, wanted: number): Promise<string[]> {
  for (let read = wanted + hidden.size; ; read *= 2) {
    const ranked = await selectRankedIds(db, words, read);
    const visible = ranked.filter((id) => !hidden.has(id));
    if (visible.length >= wanted || ranked.length < read) return visible.slice(0, wanted);
  }
}

/** What a result shows, for just the page's products, in rank order. */
async function describeHits(db: Db, ids: string[], words: string[]): Promise<SearchHit[]> {
  if (ids.length === 0) return [];
  // Filtered again on the page's few rows: whatever the index holds, a visitor never sees a product that is not live.
  const products = await db
    .selectFrom('products')
    .select(['id', 'slug', 'title', 'duration', 'main_image', 'description', 'price_minor', 'currency', 'buy_link'])
    .where('id', 'in', ids)
    .where(visibleWhere('products', visibilityFor('visitor')))
    .execute();
  const { tags, categories } = await linkedTitles(db, ids, 'live');
  const editions = await selectEditions(db, ids);
  const marked = (titles: string[] | undefined) => (titles ?? []).map((title) => highlight(title, words));
  const byId = new Map(products.map((product) => [product.id, product]));
  return ids.flatMap((id) => {
    const product = byId.get(id);
    if (!product) return [];
    return [
      {
        id,
        slug: product.slug,
        title: product.title,
        mainImage: product.main_image,
        editions: editionsOf(product, editions.get(id)),
        marked: {
          title: highlight(product.title, words),
          info: highlight(product.duration, words),
          excerpt: highlight(excerpt(htmlToText(product.description), words), words),
          tags: marked(tags.get(id)),
          categories: marked(categories.get(id)),
        },
      },
    ];
  });
}
