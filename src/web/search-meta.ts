import type { MetaContext, PageMeta } from './page-meta';
import type { SearchData } from './search-loader';
import { searchQueryString } from './search-params';

const results = (total: number) => (total === 1 ? '1 product' : `${total} products`);

/** The search page's head: the words in the title, the normalised query in the canonical URL, prev/next between pages. */
export const searchMeta = (data: unknown, { site }: MetaContext): PageMeta => {
  const loaded = data as SearchData | undefined;
  if (!loaded?.q) return { title: `Search | ${site.name}`, description: 'Search the catalogue by title, info, tag, category or description.' };
  const { q, page, total, hasNext } = loaded;
  // The canonical page is the plain search; pages of a narrowed or sorted one go on as it is.
  const listing = { sort: loaded.sort, facets: loaded.chosen };
  return {
    // Result pages are endless combinations of words: search engines index the products themselves.
    noindex: true,
    title: `Search results for “${q}”${page > 1 ? ` (page ${page})` : ''} | ${site.name}`,
    description: total > 0 ? `${results(total)} match “${q}”.` : `No products match “${q}”.`,
    canonicalSearch: searchQueryString({ q, page }),
    ...(page > 1 ? { prev: `/search${searchQueryString({ q, page: page - 1, ...listing })}` } : {}),
    ...(hasNext ? { next: `/search${searchQueryString({ q, page: page + 1, ...listing })}` } : {}),
  };
};
