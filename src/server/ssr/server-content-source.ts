import type { Db } from '../db/database';
import type { CatalogueFigures } from '../content/catalogue-figures';
import type { ContentSource } from '../../web/api/content-source';
import { getCategoryBySlug, listCategories } from '../modules/categories/category.service';
import { getProductBySlug, pageProducts } from '../modules/products/product.service';
import { getTagsByIds, listTags } from '../modules/tags/tag.service';
import { getAbout, getHomepage, getTheme } from '../modules/site/site.service';
import { getSiteSettings } from '../modules/site/site-settings.service';
import { describeImages } from '../modules/media/image-info';
import { searchProducts } from '../modules/search/search.service';
import { listAttributes } from '../modules/attributes/attribute.service';
import { productFacets } from '../modules/products/product.facets';

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
    productFacets: ({ category, tags, attributes }) => productFacets(db, 'visitor', { category, tag: tags, attributes }),
    getHomepage: () => getHomepage(db),
    getAbout: () => getAbout(db),
    getTheme: () => getTheme(db),
    getSiteSettings: () => getSiteSettings(db),
    describeImages: (urls) => describeImages(db, urls),
    search: (query) => searchProducts(db, query),
  };
}
