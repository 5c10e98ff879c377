import type { MediaItem, MediaPatch } from '../../../shared/schemas/media';
import type { Deleted } from '../../../shared/schemas/api';
import type { Page } from '../../../shared/schemas/list';
import { API_BASE, readStoredToken } from '../../api/client';
import { UNAUTHORIZED_EVENT, adminRequest } from './admin-api';

export type MediaPage = Page<MediaItem>;
export type MediaFilter = { q?: string; type?: 'image' | 'video' | '' };

/** One page of the library, newest first (GET /api/media with limit and cursor). */
export async function fetchMediaPage(filter: MediaFilter, cursor: string | null, limit = 30, signal?: AbortSignal): Promise<MediaPage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  if (filter.q?.trim()) query.set('q', filter.q.trim());
  if (filter.type) query.set('type', filter.type);
  const token = readStoredToken();
  // The page's meta sits beside data in the envelope, which apiRequest unwraps away.
  const response = await fetch(`${API_BASE}/media?${query}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  const body = (await response.json().catch(() => null)) as { success: boolean; data: MediaItem[]; meta: { nextCursor: string | null; total: number }; error?: string } | null;
  if (!response.ok || !body?.success) {
    if (response.status === 401) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    throw new Error(body?.error ?? 'Failed to load media');
  }
  return { items: body.data, nextCursor: body.meta.nextCursor, total: body.meta.total };
}

export const saveMedia = (id: string, patch: MediaPatch) =>
  adminRequest<MediaItem>(`/media/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch, failure: 'Failed to save media' });

export const deleteMedia = (id: string) =>
  adminRequest<Deleted>(`/media/${encodeURIComponent(id)}`, { method: 'DELETE', failure: 'Failed to delete media' });

export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
