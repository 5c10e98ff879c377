import type { Product, ProductInput, PublishStatus, ReorderItem } from '../../../../../shared/schemas';
import { byOrder } from '../../../../../shared/constants';
import { adminPage, adminRequest } from '../../../lib/admin-api';

/** Rows per page of the admin list: one page is all the DOM holds. */
export const PRODUCTS_PAGE_SIZE = 50;

export const pageProducts = ({ q, cursor, status }: { q: string; cursor: string | undefined; status?: PublishStatus | undefined }) => {
  const params = new URLSearchParams({ limit: String(PRODUCTS_PAGE_SIZE) });
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  return adminPage<Product>(`/products?${params}`);
};

export const listProducts = async (status?: PublishStatus) =>
  (await adminRequest<Product[]>(status ? `/products?status=${status}` : '/products')).sort(byOrder);
export const getProduct = (id: string) => adminRequest<Product>(`/products/${encodeURIComponent(id)}`);
export const createProduct = (input: ProductInput) => adminRequest<Product>('/products', { method: 'POST', body: input, failure: 'Failed to create product' });
export const updateProduct = (id: string, input: ProductInput) =>
  adminRequest<Product>(`/products/${encodeURIComponent(id)}`, { method: 'PUT', body: input, failure: 'Failed to update product' });
export const deleteProduct = (id: string) => adminRequest<unknown>(`/products/${encodeURIComponent(id)}`, { method: 'DELETE', failure: 'Failed to delete product' });
export const reorderProducts = (products: ReorderItem[]) =>
  adminRequest<unknown>('/products/reorder/bulk', { method: 'PUT', body: { products }, failure: 'Failed to reorder products' });
/** A long move: the server renumbers the list with the product at `position` (0-based). */
export const moveProductTo = (id: string, position: number) =>
  adminRequest<unknown>(`/products/${encodeURIComponent(id)}/position`, { method: 'PUT', body: { position }, failure: 'Failed to reorder products' });
