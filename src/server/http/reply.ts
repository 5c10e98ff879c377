import type { ApiSuccess } from '../../shared/schemas/api';
import type { Page, PagedResponse } from '../../shared/schemas/list';

/** The success envelope of every API answer. */
// `const`: `ok({ deleted: true })` answers the literal `true` its schema names.
export const ok = <const T>(data: T): ApiSuccess<T> => ({ success: true, data });

/** One page of a list (decision 006): the items as `data`, where to go on in `meta`. */
export const okPage = <T>(page: Page<T>): PagedResponse<T> => ({
  success: true,
  data: page.items,
  meta: { nextCursor: page.nextCursor, total: page.total },
});
