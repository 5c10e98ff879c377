import type { Subscriber, SubscriberStatus, SubscribersDeleted, WebhookDeliveries } from '../../../../../shared/schemas';
import type { Page } from '../../../../../shared/schemas/list';
import { ApiError, API_BASE, readStoredToken } from '../../../../api/client';
import { adminPage, adminRequest } from '../../../lib/admin-api';

export type SubscriberFilter = { q: string; status: SubscriberStatus | '' };

/** Rows fetched per request while the owner scrolls. */
export const SUBSCRIBER_PAGE_SIZE = 100;

const query = (filter: SubscriberFilter, extra: Record<string, string>) => {
  const params = new URLSearchParams(extra);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.status) params.set('status', filter.status);
  return params.toString();
};

const pagePath = (filter: SubscriberFilter, cursor: string | null) =>
  `/newsletter/subscribers?${query(filter, { limit: String(SUBSCRIBER_PAGE_SIZE), ...(cursor ? { cursor } : {}) })}`;

export const pageSubscribers = (filter: SubscriberFilter, cursor: string | null, signal?: AbortSignal): Promise<Page<Subscriber>> =>
  adminPage<Subscriber>(pagePath(filter, cursor), { signal });

/** "Total Subscribers" counts confirmed addresses only: pending and unsubscribed ones receive nothing. */
const CONFIRMED_COUNT_PATH = '/newsletter/subscribers?status=confirmed&limit=1';
export const countConfirmed = async (signal?: AbortSignal): Promise<number> => (await adminPage<Subscriber>(CONFIRMED_COUNT_PATH, { signal })).total;

/** What the subscribers screen asks for first: the unfiltered first page and the count (app/first-requests.ts). */
export const subscriberListFirstPaths = () => [pagePath({ q: '', status: '' }, null), CONFIRMED_COUNT_PATH];

export const deleteSubscriber = (id: string) =>
  adminRequest<SubscribersDeleted>(`/newsletter/subscribers/${encodeURIComponent(id)}`, { method: 'DELETE', failure: 'Failed to delete subscriber' });

/** The API takes up to 1,000 ids a request; a bigger selection goes in several. */
const DELETE_BATCH = 1000;
export async function deleteSubscribers(ids: string[]): Promise<number> {
  let deleted = 0;
  for (let from = 0; from < ids.length; from += DELETE_BATCH) {
    const body = { ids: ids.slice(from, from + DELETE_BATCH) };
    deleted += (await adminRequest<SubscribersDeleted>('/newsletter/subscribers', { method: 'DELETE', body, failure: 'Failed to delete subscribers' })).deleted;
  }
  return deleted;
}

export const listDeliveries = () =>
  adminRequest<WebhookDeliveries>('/newsletter/webhook-deliveries');

/** The export needs the admin token, so it is fetched and handed to the browser as a file. */
export async function downloadCsv(status: SubscriberStatus | ''): Promise<void> {
  const token = readStoredToken();
  const response = await fetch(`${API_BASE}/newsletter/subscribers.csv${status ? `?status=${status}` : ''}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError('Failed to export subscribers', response.status);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'subscribers.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** en-US, long date, time with seconds on a 12-hour clock, e.g. "November 21, 2026 at 9:05:03 AM". */
export const formatSubscribedAt = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'medium', hour12: true });
