import type { PreviewLink, PreviewRequest, PublishStatus, Revision, RevisionEntry } from '../../../shared/schemas';
import { adminRequest } from './admin-api';

/** Where an item's revisions live: `/products/{id}`, `/categories/{id}`, `/homepage`, `/about`, `/theme`. */
export type RevisionsBase = string;

export const createPreview = (request: PreviewRequest) => adminRequest<PreviewLink>('/preview', { method: 'POST', body: request, failure: 'Failed to create preview' });
export const listRevisions = (base: RevisionsBase) => adminRequest<RevisionEntry[]>(`${base}/revisions`);
/** One revision with its saved content (for the comparison shown before a restore). */
export const getRevision = (base: RevisionsBase, revisionId: string) =>
  adminRequest<Revision>(`${base}/revisions/${encodeURIComponent(revisionId)}`);
export const restoreRevision = (base: RevisionsBase, revisionId: string) =>
  adminRequest<unknown>(`${base}/revisions/${encodeURIComponent(revisionId)}/restore`, { method: 'POST', failure: 'Failed to restore revision' });

export const STATUS_LABELS: Record<PublishStatus, string> = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' };

/** `2026-12-01T09:00:00` in the browser's zone, for a datetime-local input. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A datetime-local value (the browser's zone) as an ISO instant; null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** "Dec 1, 2026, 9:00 AM" in the browser's zone. */
export const formatWhen = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
