import { ApiError, apiAnswer, pageOf, type ApiAnswer } from '../../api/client';
import type { Page } from '../../../shared/schemas/list';
import { takeEarly } from './early-answers';

/** Fired when the server no longer accepts the admin token mid-session. */
export const UNAUTHORIZED_EVENT = 'admin:unauthorized';

type Options = NonNullable<Parameters<typeof apiAnswer>[1]>;

/**
 * The version (ETag) of each item this window loaded or saved, by API path.
 * A save of that path sends it as If-Match, so when another window saved the
 * item in between, the server refuses this save instead of silently
 * overwriting the other one.
 */
const loadedVersions = new Map<string, string>();

/** Forgets the loaded version: the next save overwrites whatever is stored (used after a restore reloads the editor). */
export const forgetLoadedVersion = (path: string) => loadedVersions.delete(path);

/**
 * The shared client plus two admin concerns: a 401 means the session expired
 * or was revoked elsewhere, so the app falls back to the login screen; and
 * saves carry the version they were edited from.
 */
export async function adminRequest<T>(path: string, options: Options = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const ifMatch = method === 'PUT' ? loadedVersions.get(path) : undefined;
  return signedOutOn401(async () => {
    const { data, etag } = await answerOf<T>(path, { ...options, ifMatch });
    if (etag && (method === 'GET' || method === 'PUT')) loadedVersions.set(path, etag);
    return data;
  });
}

/** One page of a list route (`limit`/`cursor`/filters in `path`). */
export function adminPage<T>(path: string, options?: Options): Promise<Page<T>> {
  return signedOutOn401(async () => pageOf(await answerOf<T[]>(path, options)));
}

/** A read the app already sent while the session was being checked (early-answers.ts), or a new request. */
function answerOf<T>(path: string, options: Options = {}): Promise<ApiAnswer<T>> {
  const early = (options.method ?? 'GET') === 'GET' ? takeEarly<T>(path) : undefined;
  return early ?? apiAnswer<T>(path, options);
}

async function signedOutOn401<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    }
    throw error;
  }
}

/** A save refused because the item changed since this window loaded it. */
export const isEditConflict = (error: unknown) => error instanceof ApiError && error.status === 409 && /changed by someone else/.test(error.message);

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
