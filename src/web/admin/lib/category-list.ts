import type { Category, PublishStatus } from '../../../shared/schemas';
import { byOrder } from '../../../shared/constants';
import { adminRequest } from './admin-api';

/** Every category, in list order: the categories screens list them, the product screens name a product's by them. */
export const CATEGORIES_PATH = '/categories';
export const listCategories = async (status?: PublishStatus) =>
  (await adminRequest<Category[]>(status ? `${CATEGORIES_PATH}?status=${status}` : CATEGORIES_PATH)).sort(byOrder);
