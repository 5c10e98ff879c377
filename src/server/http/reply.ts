import type { ApiSuccess } from '../../shared/schemas/api';

/** The success envelope of DESIGN.md §4. */
export const ok = <T>(data: T): ApiSuccess<T> => ({ success: true, data });
