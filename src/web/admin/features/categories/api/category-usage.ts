import type { CategoryUsage } from '../../../../../shared/schemas/category-usage';
import { adminRequest } from '../../../lib/admin-api';

export const getCategoryUsage = (id: string) => adminRequest<CategoryUsage>(`/categories/${encodeURIComponent(id)}/usage`);
