import type { Category, CategoryInput, Deleted, Position, ReorderItem } from '../../../../../shared/schemas';
import { adminRequest } from '../../../lib/admin-api';

export const getCategory = (id: string) => adminRequest<Category>(`/categories/${encodeURIComponent(id)}`);
export const createCategory = (input: CategoryInput) => adminRequest<Category>('/categories', { method: 'POST', body: input, failure: 'Failed to create category' });
export const updateCategory = (id: string, input: CategoryInput) =>
  adminRequest<Category>(`/categories/${encodeURIComponent(id)}`, { method: 'PUT', body: input, failure: 'Failed to update category' });
export const deleteCategory = (id: string) => adminRequest<Deleted>(`/categories/${encodeURIComponent(id)}`, { method: 'DELETE', failure: 'Failed to delete category' });
export const reorderCategories = (categories: ReorderItem[]) =>
  adminRequest<Position[]>('/categories/reorder/bulk', { method: 'PUT', body: { categories }, failure: 'Failed to reorder categories' });
