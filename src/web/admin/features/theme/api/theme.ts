import type { Theme, ThemeInput } from '../../../../../shared/schemas';
import { adminRequest } from '../../../lib/admin-api';

export const getTheme = () => adminRequest<Theme>('/theme');
export const saveTheme = (theme: ThemeInput) => adminRequest<Theme>('/theme', { method: 'PUT', body: theme, failure: 'Failed to save theme' });
