import type { AboutPage, Category, HeroConfig, Product, Tag, Theme } from '../../shared/schemas';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import type { ImageInfoMap } from '../../shared/media';
import type { Page } from '../../shared/schemas/list';
import type { PageSearchHit, SearchHit } from '../../shared/schemas/search';
import type { SitePage } from '../../shared/schemas/page';
import type { Navigation } from '../../shared/schemas/navigation';
import { ApiError, apiPage, apiRequest } from './client';
import { searchFromOffset, searchParams, type SearchFacetQuery, type SearchPageQuery } from './search-source';
import type { Attribute, Facet, ProductSort } from '../../shared/schemas/attribute';
import { withApiChoices } from './page-choices';

/** Where a page's product grid takes its products from (a productGrid block). */
export type ProductGridQuery = { source: 'category' | 'tag' | 'products'; categoryId: string | null; tagId: string | null; productIds: string[]; limit: number };

/** One page of products: after `cursor` (scrolling) or from `offset` (a numbered page); `attributes` the chosen facets by slug. */
export type ProductPageQuery = { category?: string; tags?: string[]; limit: number; cursor?: string; offset?: number; attributes?: Record<string, string[]>; sort?: ProductSort };
/** What a listing's facets are counted over. */
export type FacetQuery = { category?: string; tags?: string[]; attributes?: Record<string, string[]> };

/**
 * Everything the public pages read, each call sized to what a page shows. The
 * server renders with an implementation that calls the services directly; the
 * browser uses the HTTP one below, so route loaders are the same code on both sides.
 */
export interface ContentSource {
  listCategories(): Promise<Category[]>;
  getCategoryBySlug(slug: string): Promise<Category | null>;
  pageProducts(query: ProductPageQuery): Promise<Page<Product>>;
  getProductBySlug(slug: string): Promise<Product | null>;
  /** All tags, or those the products of one category carry. */
  listTags(query?: { category?: string }): Promise<Tag[]>;
  getTags(ids: string[]): Promise<Tag[]>;
  /** The owner's attributes (a product page's table names them). */
  listAttributes(): Promise<Attribute[]>;
  /** The filter attributes of a listing with their counts from the database. */
  productFacets(query: FacetQuery): Promise<Facet[]>;
  getHomepage(): Promise<HeroConfig>;
  getAbout(): Promise<AboutPage>;
  getTheme(): Promise<Theme>;
  getSiteSettings(): Promise<SiteSettings>;
  /** Size, alt text and variants of stored images, keyed by URL (unknown URLs are left out). */
  describeImages(urls: string[]): Promise<ImageInfoMap>;
  /** One page of the site search's ranked (or sorted) matches, from `offset`. */
  search(query: SearchPageQuery): Promise<Page<SearchHit>>;
  /** The filter attributes with their counts over a search's matches. */
  searchFacets(query: SearchFacetQuery): Promise<Facet[]>;
  /** A published page made of blocks (issue 29), or null. */
  getPageBySlug(slug: string): Promise<SitePage | null>;
  /** The products a page's grid shows, at most `limit`, read in SQL (never a whole category). */
  gridProducts(query: ProductGridQuery): Promise<Product[]>;
  /** The header and footer menus as visitors see them, and the products the default footer names by title. */
  getNavigation(): Promise<{ navigation: Navigation; productIds: string[] }>;
  /** The few published pages made of blocks that hold every word of a search. */
  searchPages(q: string): Promise<PageSearchHit[]>;
  /** Set only on a preview's content (server/ssr/preview-page.ts): forms are shown but cannot be sent. */
  readonly preview?: boolean;
}

const orNullOn404 = async <T>(promise: Promise<T>): Promise<T | null> => {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

const MAX_API_LIMIT = 100;

function listingParams(query: FacetQuery & { sort?: ProductSort | undefined }): URLSearchParams {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  for (const tag of query.tags ?? []) params.append('tag', tag);
  for (const [slug, values] of Object.entries(query.attributes ?? {})) for (const value of values) params.append(`attr.${slug}`, value);
  if (query.sort && query.sort !== 'order') params.set('sort', query.sort);
  return params;
}

function productsUrl(query: Omit<ProductPageQuery, 'offset'>): string {
  const params = listingParams(query);
  params.set('limit', String(query.limit));
  if (query.cursor) params.set('cursor', query.cursor);
  return `/products?${params}`;
}

/** The API pages by cursor only: a numbered page reached in the browser walks to its offset (rare: page links load documents). */
async function pageFromOffset(query: ProductPageQuery & { offset: number }): Promise<Page<Product>> {
  let skipped = 0;
  let cursor: string | undefined;
  while (skipped < query.offset) {
    const step = Math.min(MAX_API_LIMIT, query.offset - skipped);
    const page = await apiPage<Product>(productsUrl({ ...query, limit: step, cursor }));
    if (!page.nextCursor) return { items: [], nextCursor: null, total: page.total };
    skipped += step;
    cursor = page.nextCursor;
  }
  return apiPage<Product>(productsUrl({ ...query, cursor }));
}

const listAttributes = () => apiRequest<Attribute[]>('/attributes');
/** A page's choices as the API takes them (page-choices.ts): what the server's page reads, no more. */
const asApiQuery = <Q extends { attributes?: Record<string, string[]> | undefined }>(query: Q) => withApiChoices(query, listAttributes);

export const httpContentSource: ContentSource = {
  listCategories: () => apiRequest('/categories'),
  getCategoryBySlug: (slug) => orNullOn404(apiRequest(`/categories/slug/${encodeURIComponent(slug)}`)),
  pageProducts: async (asked) => {
    const query = await asApiQuery(asked);
    return query.offset ? pageFromOffset({ ...query, offset: query.offset }) : apiPage<Product>(productsUrl(query));
  },
  getProductBySlug: (slug) => orNullOn404(apiRequest(`/products/slug/${encodeURIComponent(slug)}`)),
  listTags: (query = {}) => apiRequest(query.category ? `/tags?category=${encodeURIComponent(query.category)}` : '/tags'),
  getTags: async (ids) => {
    if (ids.length === 0) return [];
    const wanted = new Set(ids);
    return (await apiRequest<Tag[]>('/tags')).filter((tag) => wanted.has(tag.id));
  },
  listAttributes,
  productFacets: async (query) => apiRequest(`/products/facets?${listingParams(await asApiQuery(query))}`),
  getHomepage: () => apiRequest('/homepage'),
  getAbout: () => apiRequest('/about'),
  getTheme: () => apiRequest('/theme'),
  getSiteSettings: () => apiRequest('/site-settings'),
  describeImages: async (urls) => {
    const stored = urls.filter((url) => url.startsWith('/uploads/'));
    if (stored.length === 0) return {};
    const query = stored.map((url) => `url=${encodeURIComponent(url)}`).join('&');
    // Without the facts, pictures still show: as plain <img>s of the original.
    return apiRequest<ImageInfoMap>(`/media/info?${query}`).catch(() => ({}));
  },
  search: async (query) => searchFromOffset(await asApiQuery(query)),
  searchFacets: async (query) => apiRequest(`/search/facets?${searchParams(await asApiQuery(query))}`),
  getPageBySlug: (slug) => orNullOn404(apiRequest(`/pages/slug/${encodeURIComponent(slug)}`)),
  gridProducts: async (query) => {
    if (query.source === 'products') {
      const found = await Promise.all(query.productIds.slice(0, query.limit).map((id) => orNullOn404(apiRequest<Product>(`/products/${encodeURIComponent(id)}`))));
      return found.filter((product): product is Product => product !== null);
    }
    const owner =
      query.source === 'category'
        ? await orNullOn404(apiRequest<Category>(`/categories/${encodeURIComponent(query.categoryId ?? '')}`))
        : await orNullOn404(apiRequest<Tag>(`/tags/${encodeURIComponent(query.tagId ?? '')}`));
    if (!owner) return [];
    const filter = query.source === 'category' ? { category: owner.slug } : { tags: [owner.slug] };
    return (await apiPage<Product>(productsUrl({ ...filter, limit: query.limit }))).items;
  },
  getNavigation: async () => ({ navigation: await apiRequest<Navigation>('/navigation'), productIds: [] }),
  searchPages: (q) => apiRequest(`/search/pages?${new URLSearchParams({ q })}`),
};
