import { ApiError, apiRequest } from '../../api/client';

/** Fired when the server no longer accepts the admin token mid-session. */
export const UNAUTHORIZED_EVENT = 'admin:unauthorized';

type Options = Parameters<typeof apiRequest>[1];

/**
 * The shared client plus one admin concern: a 401 means the session expired
 * or was revoked elsewhere, so the app falls back to the login screen.
 */
export async function adminRequest<T>(path: string, options?: Options): Promise<T> {
  try {
    return await apiRequest<T>(path, options);
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
