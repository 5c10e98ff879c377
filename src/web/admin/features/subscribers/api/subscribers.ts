import type { Subscriber } from '../../../../../shared/schemas';
import { adminRequest } from '../../../lib/admin-api';

export const listSubscribers = () => adminRequest<Subscriber[]>('/newsletter/subscribers');

/** en-US, long date, time with seconds on a 12-hour clock (spec §9), e.g. "November 21, 2026 at 9:05:03 AM". */
export const formatSubscribedAt = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'medium', hour12: true });
