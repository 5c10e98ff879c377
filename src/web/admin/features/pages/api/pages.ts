import type { Category, Deleted, Product, PublishStatus, Tag } from '../../../../../shared/schemas';
import type { PageInput, SitePage } from '../../../../../shared/schemas/page';
import { adminPage, adminRequest } from '../../../lib/admin-api';
import { listCategories } from '../../../lib/category-list';

/** Rows per page of the admin list. */
export const PAGES_PAGE_SIZE = 50;

// The pages list has no search on the server: a site holds tens of pages, not thousands.
type PageQuery = { cursor: string | undefined; status?: PublishStatus | undefined };

const pagePath = ({ cursor, status }: PageQuery) => {
  const params = new URLSearchParams({ limit: String(PAGES_PAGE_SIZE) });
  if (status) params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  return `/pages?${params}`;
};

export const pageSitePages = (query: PageQuery) => adminPage<SitePage>(pagePath(query));
export const getSitePage = (id: string) => adminRequest<SitePage>(`/pages/${encodeURIComponent(id)}`);
export const createSitePage = (input: PageInput) => adminRequest<SitePage>('/pages', { method: 'POST', body: input, failure: 'Failed to create page' });
export const updateSitePage = (id: string, input: PageInput) =>
  adminRequest<SitePage>(`/pages/${encodeURIComponent(id)}`, { method: 'PUT', body: input, failure: 'Failed to update page' });
export const deleteSitePage = (id: string) => adminRequest<Deleted>(`/pages/${encodeURIComponent(id)}`, { method: 'DELETE', failure: 'Failed to delete page' });

/** What a product grid block chooses from: every category, tag and product, by name. */
export type GridSources = { categories: Category[]; tags: Tag[]; products: Pick<Product, 'id' | 'title'>[] };

export async function loadGridSources(): Promise<GridSources> {
  const [categories, tags, products] = await Promise.all([listCategories(), adminRequest<Tag[]>('/tags'), adminRequest<Product[]>('/products')]);
  return { categories, tags, products: products.map(({ id, title }) => ({ id, title })) };
}
