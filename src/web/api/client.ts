import type { ApiResponse } from '../../shared/schemas/api';
import type { Page, PageMeta } from '../../shared/schemas/list';
import { STORAGE_KEYS } from '../../shared/constants';

/** All calls go to one fixed API base. */
export const API_BASE = '/api';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The input the server's refusal is about, when it names one ("slug"): a form shows the message under it. */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The stored admin token: persistent with Remember me, session-only otherwise. */
export function readStoredToken(): string | null {
  if (typeof window === 'undefined') return null;
  return window.localStorage.getItem(STORAGE_KEYS.token) ?? window.sessionStorage.getItem(STORAGE_KEYS.token);
}

type RequestOptions = {
  method?: string;
  body?: unknown;
  formData?: FormData;
  signal?: AbortSignal;
  /** What a failed answer without an error text means, e.g. "Failed to create product"; default "Request failed". */
  failure?: string;
  /** The ETag of the version an edit started from: the server refuses the save (409) if the item changed since. */
  ifMatch?: string;
};

/**
 * Sends a request and unwraps the envelope. A non-OK answer throws the
 * server's error text or `options.failure` ("Request failed" by default); a network exception throws its
 * message or "Network error".
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiAnswer<T>(path, options)).data;
}

/** One page of a list route (`limit`/`cursor` in `path`): the items and where the next page starts. */
export async function apiPage<T>(path: string, options: RequestOptions = {}): Promise<Page<T>> {
  return pageOf(await apiAnswer<T[]>(path, options));
}

export function pageOf<T>({ data, meta }: ApiAnswer<T[]>): Page<T> {
  return { items: data, nextCursor: meta?.nextCursor ?? null, total: meta?.total ?? data.length };
}

/** An unwrapped answer: its data, a page's list meta, and the ETag of the item it is (single reads and saves answer one). */
export type ApiAnswer<T> = { data: T; meta?: PageMeta; etag: string | null };

export async function apiAnswer<T>(path: string, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {};
  const token = readStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.ifMatch) headers['If-Match'] = options.ifMatch;
  let body: BodyInit | undefined;
  if (options.formData) body = options.formData;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    throw new ApiError((error instanceof Error && error.message) || 'Network error', 0);
  }
  let payload: ApiResponse<T> | undefined;
  try {
    payload = (await response.json()) as ApiResponse<T>;
  } catch {
    payload = undefined;
  }
  if (!response.ok || !payload || payload.success !== true) {
    const message = payload && payload.success === false && payload.error ? payload.error : (options.failure ?? 'Request failed');
    const field = payload && payload.success === false ? payload.field : undefined;
    throw new ApiError(message, response.status, field);
  }
  return { ...(payload as { data: T; meta?: PageMeta }), etag: response.headers.get('ETag') };
}
