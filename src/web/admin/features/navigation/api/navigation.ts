import type { Category, Product } from '../../../../../shared/schemas';
import type { Navigation, NavigationInput } from '../../../../../shared/schemas/navigation';
import type { SitePage } from '../../../../../shared/schemas/page';
import { adminRequest } from '../../../lib/admin-api';
import { listCategories } from '../../../lib/category-list';

export const getNavigation = () => adminRequest<Navigation>('/navigation');
export const saveNavigation = (navigation: NavigationInput) =>
  adminRequest<Navigation>('/navigation', { method: 'PUT', body: navigation, failure: 'Failed to save navigation' });

/** One thing a menu link can lead to on this site, with its address. */
export type LinkTarget = { title: string; href: string; note?: string };
export type LinkTargets = { categories: LinkTarget[]; products: LinkTarget[]; pages: LinkTarget[] };

const hidden = (status: string) => (status === 'published' ? undefined : `${status}: hidden from the menu until published`);

/** Every category, product and page by name: what the link pickers offer. */
export async function loadLinkTargets(): Promise<LinkTargets> {
  const [categories, products, pages] = await Promise.all([listCategories(), adminRequest<Product[]>('/products'), adminRequest<SitePage[]>('/pages')]);
  return {
    categories: categories.map((category: Category) => ({ title: category.title, href: `/category/${encodeURIComponent(category.slug)}`, note: hidden(category.status) })),
    products: products.map((product) => ({ title: product.title, href: `/product/${encodeURIComponent(product.slug)}`, note: hidden(product.status) })),
    pages: pages.map((page) => ({ title: page.title, href: `/pages/${encodeURIComponent(page.slug)}`, note: hidden(page.status) })),
  };
}
