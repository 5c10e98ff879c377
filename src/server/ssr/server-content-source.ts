import type { Db } from '../db/database';
import type { CatalogueFigures } from '../content/catalogue-figures';
import type { ContentSource } from '../../web/api/content-source';
import { getCategoryById, getCategoryBySlug, listCategories } from '../modules/categories/category.service';
import { getProductBySlug, getProductsByIds, pageProducts } from '../modules/products/product.service';
import { getTagById, getTagsByIds, listTags } from '../modules/tags/tag.service';
import { getPageBySlug } from '../modules/pages/page.service';
import { getShownNavigation } from '../modules/navigation/navigation.service';
import { getAbout, getHomepage, getTheme } from '../modules/site/site.service';
import { getSiteSettings } from '../modules/site/site-settings.service';
import { describeImages } from '../modules/media/image-info';
import { searchFacets, searchProducts } from '../modules/search/search.service';
import { listAttributes } from '../modules/attributes/attribute.service';
import { productFacets } from '../modules/products/product.facets';
import { searchPages } from '../modules/search/page-search';

/**
 * The route loaders' view of the content when rendering on the server: the
 * services, no HTTP round trip. Always a visitor's view: these pages are
 * cached and shown to everyone, so drafts never reach them.
 */
export function createServerContentSource(db: Db, figures: CatalogueFigures): ContentSource {
  return {
    listCategories: () => listCategories(db, 'visitor'),
    getCategoryBySlug: async (slug) => (await getCategoryBySlug(db, 'visitor', slug)) ?? null,
    pageProducts: ({ category, tags, limit, cursor, offset, attributes, sort }) => pageProducts(db, 'visitor', { category, tag: tags, limit, cursor, offset, attributes, sort }, figures),
    getProductBySlug: async (slug) => (await getProductBySlug(db, 'visitor', slug)) ?? null,
    listTags: (query = {}) => listTags(db, 'visitor', query, figures),
    getTags: (ids) => getTagsByIds(db, ids),
    listAttributes: () => listAttributes(db),
    productFacets: ({ category, tags, attributes }) => productFacets(db, 'visitor', { category, tag: tags, attributes }, figures),
    getHomepage: () => getHomepage(db),
    getAbout: () => getAbout(db),
    getTheme: () => getTheme(db),
    getSiteSettings: () => getSiteSettings(db),
    describeImages: (urls) => describeImages(db, urls),
    search: ({ q, limit, offset, attributes, sort }) => searchProducts(db, { q, limit, offset, attributes, sort }, figures),
    searchFacets: ({ q, attributes }) => searchFacets(db, { q, attributes }, figures),
    getPageBySlug: async (slug) => (await getPageBySlug(db, 'visitor', slug)) ?? null,
    gridProducts: async (query) => {
      if (query.source === 'products') return getProductsByIds(db, 'visitor', query.productIds.slice(0, query.limit));
      if (query.source === 'category') {
        // A category visitors cannot see shows no products (its own page is a 404 too).
        const category = query.categoryId ? await getCategoryById(db, 'visitor', query.categoryId) : undefined;
        return category ? (await pageProducts(db, 'visitor', { categoryId: category.id, limit: query.limit }, figures)).items : [];
      }
      const tag = query.tagId ? await getTagById(db, query.tagId) : undefined;
      return tag ? (await pageProducts(db, 'visitor', { tag: [tag.slug], limit: query.limit }, figures)).items : [];
    },
    getNavigation: () => getShownNavigation(db),
    searchPages: (q) => searchPages(db, q),
  };
}
