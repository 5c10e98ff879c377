import type { Breakdown, ProductFigures, ProductSort, ReferrerFigures, SiteDay, Summary } from '../../../shared/schemas/analytics';
import { API_BASE, ApiError, readStoredToken } from '../../api/client';
import { adminPage, adminRequest } from './admin-api';

/** Site days, both included (the server's `TZ`). */
export type DayRange = { from: string; to: string };

const rangeQuery = ({ from, to }: DayRange) => `from=${from}&to=${to}`;

export const fetchSiteDay = () => adminRequest<SiteDay>('/analytics/site-day');
export const fetchSummary = (range: DayRange) => adminRequest<Summary>(`/analytics/summary?${rangeQuery(range)}`);
export const fetchReferrers = (range: DayRange) => adminRequest<ReferrerFigures[]>(`/analytics/referrers?${rangeQuery(range)}`);
export const fetchBreakdown = (range: DayRange) => adminRequest<Breakdown>(`/analytics/breakdown?${rangeQuery(range)}`);

export const TOP_PRODUCTS = 10;

/** The best products of the range by one figure (the first page of the list). */
export const fetchTopProducts = async (range: DayRange, sort: ProductSort) =>
  (await adminPage<ProductFigures>(`/analytics/products?${rangeQuery(range)}&sort=${sort}&limit=${TOP_PRODUCTS}`)).items;

/** The figures of the products on screen (at most 100 ids); a product without visits is not in the answer. */
export const fetchProductFigures = (range: DayRange, ids: string[]) =>
  adminRequest<ProductFigures[]>(`/analytics/products?${rangeQuery(range)}&ids=${ids.map(encodeURIComponent).join(',')}`);

/** The export needs the admin token, so it is fetched and handed to the browser as a file. */
export async function downloadProductsCsv(range: DayRange): Promise<void> {
  const token = readStoredToken();
  const response = await fetch(`${API_BASE}/analytics/products.csv?${rangeQuery(range)}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError('Failed to export products', response.status);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'products.csv';
  saveFile(name, await response.blob());
}

/** Hands a file made in the page to the browser's downloads. */
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
