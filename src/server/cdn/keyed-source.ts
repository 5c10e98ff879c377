import type { ContentSource } from '../../web/api/content-source';
import { SITE_KEY, categoryKey, mediaKey, productKey, tagKey } from './surrogate-keys';

/**
 * The content source of one render, noting the surrogate key of everything the page reads
 * (surrogate-keys.ts): what a page shows is what its loaders asked for, so no page kind keeps
 * a list of its own that could drift from its loaders.
 */
export function keyedSource(source: ContentSource, keys: Set<string>): ContentSource {
  const note = <T>(work: Promise<T>, keysOf: (value: T) => Iterable<string>): Promise<T> =>
    work.then((value) => {
      for (const key of keysOf(value)) keys.add(key);
      return value;
    });
  return {
    ...source,
    // The list as a whole (the menu, the home's sections): any category write changes it.
    listCategories: () => note(source.listCategories(), () => ['categories']),
    getCategoryBySlug: (slug) => note(source.getCategoryBySlug(slug), (item) => (item ? [categoryKey(item.id)] : ['categories', 'not-found'])),
    // A category page's own key comes from getCategoryBySlug (the query names the category by slug).
    pageProducts: (query) => note(source.pageProducts(query), (page) => ['products', ...page.items.map((item) => productKey(item.id))]),
    getProductBySlug: (slug) => note(source.getProductBySlug(slug), (item) => (item ? [productKey(item.id)] : ['products', 'not-found'])),
    listTags: (query) => note(source.listTags(query), () => ['tags']),
    listAttributes: () => note(source.listAttributes(), () => ['attributes']),
    // Counts over the listing: any change of its products or of the attributes moves them.
    productFacets: (query) => note(source.productFacets(query), () => ['attributes', 'products']),
    getTags: (wanted) => note(source.getTags(wanted), (list) => list.map((item) => tagKey(item.id))),
    getHomepage: () => note(source.getHomepage(), () => ['home']),
    getAbout: () => note(source.getAbout(), () => ['about']),
    getTheme: () => note(source.getTheme(), () => [SITE_KEY]),
    getSiteSettings: () => note(source.getSiteSettings(), () => [SITE_KEY]),
    describeImages: (urls) => {
      for (const url of urls) {
        const key = mediaKey(url);
        if (key) keys.add(key);
      }
      return source.describeImages(urls);
    },
    search: (query) => note(source.search(query), (page) => ['search', ...page.items.map((hit) => productKey(hit.id))]),
  };
}
