import type { Subscriber } from '../../../../../shared/schemas';
import { adminPage } from '../../../lib/admin-api';

/** Rows per page: one page is all the DOM holds, at any number of subscribers. */
export const SUBSCRIBERS_PAGE_SIZE = 100;

/** Newest first; `q` keeps the addresses that contain it. */
export const pageSubscribers = ({ q, cursor }: { q: string; cursor: string | undefined }) => {
  const params = new URLSearchParams({ limit: String(SUBSCRIBERS_PAGE_SIZE) });
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return adminPage<Subscriber>(`/newsletter/subscribers?${params}`);
};

/** en-US, long date, time with seconds on a 12-hour clock (spec §9), e.g. "November 21, 2026 at 9:05:03 AM". */
export const formatSubscribedAt = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'medium', hour12: true });
