import type { Deleted } from '../../../../../shared/schemas';
import type { FormSubmission } from '../../../../../shared/schemas/form-submission';
import { ApiError, API_BASE, readStoredToken } from '../../../../api/client';
import { adminPage, adminRequest } from '../../../lib/admin-api';

/** Messages per page of the inbox. */
export const INBOX_PAGE_SIZE = 50;

const pagePath = ({ q, cursor }: { q: string; cursor: string | undefined }) => {
  const params = new URLSearchParams({ limit: String(INBOX_PAGE_SIZE) });
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return `/form-submissions?${params}`;
};

/** Newest first (the server's order), searched by name, e-mail and message. */
export const pageSubmissions = (query: { q: string; cursor: string | undefined }) => adminPage<FormSubmission>(pagePath(query));

/** What the inbox asks for first: its first page, unsearched (app/first-requests.ts). */
export const inboxFirstPaths = () => [pagePath({ q: '', cursor: undefined })];

/** One message, whole; reading it marks it read. */
export const openSubmission = (id: string) => adminRequest<FormSubmission>(`/form-submissions/${encodeURIComponent(id)}`);
export const deleteSubmission = (id: string) =>
  adminRequest<Deleted>(`/form-submissions/${encodeURIComponent(id)}`, { method: 'DELETE', failure: 'Failed to delete message' });

/** The CSV needs the admin token, so it is fetched and handed to the browser as a file (the search applies). */
export async function downloadSubmissionsCsv(q: string): Promise<void> {
  const token = readStoredToken();
  const response = await fetch(`${API_BASE}/form-submissions.csv${q ? `?${new URLSearchParams({ q })}` : ''}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError('Failed to export messages', response.status);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'form-submissions.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Nov 29, 2026, 9:05 AM" */
export const formatReceived = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
