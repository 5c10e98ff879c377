import type { AuditEntry, AuditPage } from '../../../../../shared/schemas';
import { API_BASE, ApiError, readStoredToken } from '../../../../api/client';
import { UNAUTHORIZED_EVENT } from '../../../lib/admin-api';

export type AuditFilters = { action: string };
export const PAGE_SIZE = 25;

/** One page of the trail; the page's `meta` (cursor, total) is needed, so the envelope is read here whole. */
export async function fetchAuditPage(filters: AuditFilters, cursor: string | null): Promise<{ entries: AuditEntry[]; nextCursor: string | null; total: number }> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  if (filters.action) query.set('action', filters.action);
  const response = await fetch(`${API_BASE}/audit?${query.toString()}`, { headers: { Authorization: `Bearer ${readStoredToken() ?? ''}` } });
  if (response.status === 401) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  const payload = (await response.json().catch(() => undefined)) as AuditPage | { success: false; error: string } | undefined;
  if (!response.ok || !payload || payload.success !== true) {
    throw new ApiError(payload && payload.success === false ? payload.error : 'Failed to load the activity log', response.status);
  }
  return { entries: payload.data, nextCursor: payload.meta.nextCursor, total: payload.meta.total };
}

export const ACTION_FILTERS = [
  { value: '', label: 'All activity' },
  { value: 'auth', label: 'Sign-ins, passwords and 2FA' },
  { value: 'product', label: 'Products' },
  { value: 'category', label: 'Categories' },
  { value: 'tag', label: 'Tags' },
  { value: 'homepage', label: 'Homepage' },
  { value: 'about', label: 'About page' },
  { value: 'theme', label: 'Theme' },
  { value: 'site', label: 'Site settings' },
  { value: 'media', label: 'Media' },
  { value: 'redirect', label: 'Redirects' },
  { value: 'backup', label: 'Backups' },
];
