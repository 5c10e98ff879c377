import { ApiError, apiPage, apiRequest } from '../../api/client';
import type { Page } from '../../../shared/schemas/list';

/** Fired when the server no longer accepts the admin token mid-session. */
export const UNAUTHORIZED_EVENT = 'admin:unauthorized';

type Options = Parameters<typeof apiRequest>[1];

/**
 * The shared client plus one admin concern: a 401 means the session expired
 * or was revoked elsewhere, so the app falls back to the login screen.
 */
export function adminRequest<T>(path: string, options?: Options): Promise<T> {
  return signedOutOn401(apiRequest<T>(path, options));
}

/** One page of a list route (`limit`/`cursor`/filters in `path`). */
export function adminPage<T>(path: string, options?: Options): Promise<Page<T>> {
  return signedOutOn401(apiPage<T>(path, options));
}

async function signedOutOn401<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    }
    throw error;
  }
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
