import type { AboutPage, Category, HeroConfig, Product, Tag, Theme } from '../../shared/schemas';
import type { ImageInfoMap } from '../../shared/media';
import { ApiError, apiRequest } from './client';

/**
 * Everything the public pages read. The server renders with an implementation
 * that calls the services directly; the browser uses the HTTP one below, so
 * route loaders are the same code on both sides.
 */
export interface ContentSource {
  listCategories(): Promise<Category[]>;
  getCategoryBySlug(slug: string): Promise<Category | null>;
  listProducts(): Promise<Product[]>;
  getProductBySlug(slug: string): Promise<Product | null>;
  listTags(): Promise<Tag[]>;
  getHomepage(): Promise<HeroConfig>;
  getAbout(): Promise<AboutPage>;
  getTheme(): Promise<Theme>;
  /** Size, alt text and variants of stored images, keyed by URL (unknown URLs are left out). */
  describeImages(urls: string[]): Promise<ImageInfoMap>;
}

const orNullOn404 = async <T>(promise: Promise<T>): Promise<T | null> => {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

export const httpContentSource: ContentSource = {
  listCategories: () => apiRequest('/categories'),
  getCategoryBySlug: (slug) => orNullOn404(apiRequest(`/categories/slug/${encodeURIComponent(slug)}`)),
  listProducts: () => apiRequest('/products'),
  getProductBySlug: (slug) => orNullOn404(apiRequest(`/products/slug/${encodeURIComponent(slug)}`)),
  listTags: () => apiRequest('/tags'),
  getHomepage: () => apiRequest('/homepage'),
  getAbout: () => apiRequest('/about'),
  getTheme: () => apiRequest('/theme'),
  describeImages: async (urls) => {
    const stored = urls.filter((url) => url.startsWith('/uploads/'));
    if (stored.length === 0) return {};
    const query = stored.map((url) => `url=${encodeURIComponent(url)}`).join('&');
    // Without the facts, pictures still show: as plain <img>s of the original.
    return apiRequest<ImageInfoMap>(`/media/info?${query}`).catch(() => ({}));
  },
};
