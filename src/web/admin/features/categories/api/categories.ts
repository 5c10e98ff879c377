import type { Category, CategoryInput, Deleted, Position, PublishStatus, ReorderItem } from '../../../../../shared/schemas';
import { byOrder } from '../../../../../shared/constants';
import { adminRequest } from '../../../lib/admin-api';

/** Every category, in list order. */
export const CATEGORIES_PATH = '/categories';
export const listCategories = async (status?: PublishStatus) =>
  (await adminRequest<Category[]>(status ? `${CATEGORIES_PATH}?status=${status}` : CATEGORIES_PATH)).sort(byOrder);
export const getCategory = (id: string) => adminRequest<Category>(`/categories/${encodeURIComponent(id)}`);
export const createCategory = (input: CategoryInput) => adminRequest<Category>('/categories', { method: 'POST', body: input, failure: 'Failed to create category' });
export const updateCategory = (id: string, input: CategoryInput) =>
  adminRequest<Category>(`/categories/${encodeURIComponent(id)}`, { method: 'PUT', body: input, failure: 'Failed to update category' });
export const deleteCategory = (id: string) => adminRequest<Deleted>(`/categories/${encodeURIComponent(id)}`, { method: 'DELETE', failure: 'Failed to delete category' });
export const reorderCategories = (categories: ReorderItem[]) =>
  adminRequest<Position[]>('/categories/reorder/bulk', { method: 'PUT', body: { categories }, failure: 'Failed to reorder categories' });
