import type { Deleted, Redirect, RedirectInput } from '../../../../../shared/schemas';
import { adminPage, adminRequest } from '../../../lib/admin-api';

export const REDIRECTS_PAGE_SIZE = 50;

export const pageRedirects = ({ q, cursor }: { q: string; cursor: string | undefined }) => {
  const params = new URLSearchParams({ limit: String(REDIRECTS_PAGE_SIZE) });
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return adminPage<Redirect>(`/redirects?${params}`);
};

export const createRedirect = (input: RedirectInput) => adminRequest<Redirect>('/redirects', { method: 'POST', body: input });
export const updateRedirect = (id: string, input: RedirectInput) =>
  adminRequest<Redirect>(`/redirects/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
export const deleteRedirect = (id: string) => adminRequest<Deleted>(`/redirects/${encodeURIComponent(id)}`, { method: 'DELETE' });
