import type { Category, CategoryInput, ReorderItem } from '../../../../../shared/schemas';
import { adminRequest } from '../../../lib/admin-api';

export const getCategory = (id: string) => adminRequest<Category>(`/categories/${encodeURIComponent(id)}`);
export const createCategory = (input: CategoryInput) => adminRequest<Category>('/categories', { method: 'POST', body: input, failure: 'Failed to create category' });
export const updateCategory = (id: string, input: CategoryInput) =>
  adminRequest<Category>(`/categories/${encodeURIComponent(id)}`, { method: 'PUT', body: input, failure: 'Failed to update category' });
export const deleteCategory = (id: string) => adminRequest<unknown>(`/categories/${encodeURIComponent(id)}`, { method: 'DELETE', failure: 'Failed to delete category' });
export const reorderCategories = (categories: ReorderItem[]) =>
  adminRequest<unknown>('/categories/reorder/bulk', { method: 'PUT', body: { categories }, failure: 'Failed to reorder categories' });
