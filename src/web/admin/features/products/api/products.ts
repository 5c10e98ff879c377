import type { Product, ProductInput, PublishStatus, ReorderItem } from '../../../../../shared/schemas';
import { byOrder } from '../../../../../shared/constants';
import { adminRequest } from '../../../lib/admin-api';

export const listProducts = async (status?: PublishStatus) =>
  (await adminRequest<Product[]>(status ? `/products?status=${status}` : '/products')).sort(byOrder);
export const getProduct = (id: string) => adminRequest<Product>(`/products/${encodeURIComponent(id)}`);
export const createProduct = (input: ProductInput) => adminRequest<Product>('/products', { method: 'POST', body: input, failure: 'Failed to create product' });
export const updateProduct = (id: string, input: ProductInput) =>
  adminRequest<Product>(`/products/${encodeURIComponent(id)}`, { method: 'PUT', body: input, failure: 'Failed to update product' });
export const deleteProduct = (id: string) => adminRequest<unknown>(`/products/${encodeURIComponent(id)}`, { method: 'DELETE', failure: 'Failed to delete product' });
export const reorderProducts = (products: ReorderItem[]) =>
  adminRequest<unknown>('/products/reorder/bulk', { method: 'PUT', body: { products }, failure: 'Failed to reorder products' });
