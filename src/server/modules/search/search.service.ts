import { z } from 'zod';
import type { Db } from '../../db/database';
import { encodeCursor } from '../../db/paging';
import { decodeCursor } from '../../http/cursor';
import { visibleWhere, visibilityFor } from '../../content/visibility';
import { DEFAULT_PAGE_LIMIT, type Page } from '../../../shared/schemas/list';
import type { SearchHit } from '../../../shared/schemas/search';
import { excerpt, highlight, queryWords } from '../../../shared/search-text';
import { htmlToText } from '../../../shared/html-text';
import { countIndexMatches, selectNotYetLiveIds, selectRankedIds, selectSoldOutIds } from './search.repository';
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

export type SearchRequest = { q: string; limit?: number | undefined; cursor?: string | undefined; offset?: number | undefined };

/** A visitor's search: published products only (search results are public pages, cached for everyone). */
export async function searchProducts(db: Db, request: SearchRequest): Promise<Page<SearchHit>> {
  const words = queryWords(request.q);
  const limit = request.limit ?? DEFAULT_PAGE_LIMIT;
  const offset = request.cursor === undefined ? (request.offset ?? 0) : decodeCursor(request.cursor, SearchCursor)[0];
  // Only punctuation or symbols: nothing to look for, not an error.
  if (words.length === 0) return { items: [], nextCursor: null, total: 0 };
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
