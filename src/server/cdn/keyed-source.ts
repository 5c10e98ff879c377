import type { ContentSource } from '../../web/api/content-source';
import { SITE_KEY, categoryKey, mediaKey, pageKey, productKey, tagKey } from './surrogate-keys';

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
    // Counts over the matches: any product change, or of the attributes, moves them.
    searchFacets: (query) => note(source.searchFacets(query), () => ['search', 'attributes', 'products']),
    getPageBySlug: (slug) => note(source.getPageBySlug(slug), (item) => (item ? [pageKey(item.id)] : ['not-found'])),
    // A grid shows a list of products: any product joining, leaving or moving in lists changes it, and each card its product.
    gridProducts: (query) =>
      note(source.gridProducts(query), (items) => [
        'products',
        ...items.map((item) => productKey(item.id)),
        ...(query.categoryId ? [categoryKey(query.categoryId)] : []),
        ...(query.tagId ? [tagKey(query.tagId)] : []),
        ...query.productIds.map(productKey),
      ]),
    // The owner's menus are a site-wide setting; the spec's default ones are made from the categories and the first products.
    getNavigation: () => note(source.getNavigation(), (shown) => [SITE_KEY, 'categories', 'products', 'pages', ...shown.productIds.map(productKey)]),
    searchPages: (q) => note(source.searchPages(q), (hits) => ['search', 'pages', ...hits.map((hit) => pageKey(hit.id))]),
  };
}
