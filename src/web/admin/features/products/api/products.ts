import type { Category, Deleted, Position, Product, ProductInput, PublishStatus, ReorderItem, Tag } from '../../../../../shared/schemas';
import { byOrder } from '../../../../../shared/constants';
import { adminPage, adminRequest } from '../../../lib/admin-api';
import { CATEGORIES_PATH, listCategories } from '../../../lib/category-list';
import { TAGS_PATH, listTags } from './tags';

/** Rows per page of the admin list: one page is all the DOM holds. */
export const PRODUCTS_PAGE_SIZE = 50;

type PageQuery = { q: string; cursor: string | undefined; status?: PublishStatus | undefined };

const pagePath = ({ q, cursor, status }: PageQuery) => {
  const params = new URLSearchParams({ limit: String(PRODUCTS_PAGE_SIZE) });
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  return `/products?${params}`;
};

export const pageProducts = (query: PageQuery) => adminPage<Product>(pagePath(query));

export type ProductNames = { categories: Category[]; tags: Tag[] };

/** Every category and tag: the names a product list or form shows for a product's ids. */
export async function loadProductNames(): Promise<ProductNames> {
  const [categories, tags] = await Promise.all([listCategories(), listTags()]);
  return { categories, tags };
}

/** What the product list asks for first: its first page, unfiltered, and the names (app/first-requests.ts). */
export const productListFirstPaths = () => [pagePath({ q: '', cursor: undefined }), CATEGORIES_PATH, TAGS_PATH];

export const listProducts = async (status?: PublishStatus) =>
  (await adminRequest<Product[]>(status ? `/products?status=${status}` : '/products')).sort(byOrder);
export const getProduct = (id: string) => adminRequest<Product>(`/products/${encodeURIComponent(id)}`);
export const createProduct = (input: ProductInput) => adminRequest<Product>('/products', { method: 'POST', body: input, failure: 'Failed to create product' });
export const updateProduct = (id: string, input: ProductInput) =>
  adminRequest<Product>(`/products/${encodeURIComponent(id)}`, { method: 'PUT', body: input, failure: 'Failed to update product' });
export const deleteProduct = (id: string) => adminRequest<Deleted>(`/products/${encodeURIComponent(id)}`, { method: 'DELETE', failure: 'Failed to delete product' });
export const reorderProducts = (products: ReorderItem[]) =>
  adminRequest<Position[]>('/products/reorder/bulk', { method: 'PUT', body: { products }, failure: 'Failed to reorder products' });
/** A long move: the server renumbers the list with the product at `position` (0-based). */
export const moveProductTo = (id: string, position: number) =>
  adminRequest<Position>(`/products/${encodeURIComponent(id)}/position`, { method: 'PUT', body: { position }, failure: 'Failed to reorder products' });
