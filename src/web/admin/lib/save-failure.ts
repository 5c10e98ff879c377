import { ApiError } from '../../api/client';
import { isEditConflict } from './admin-api';

/**
 * What a failed save says beside Save ("Failed to save product",
 * with the server's reason after it rather than dropped). An edit conflict
 * says only what happened: the server's text explains what to do.
 */
export function saveFailureText(error: unknown, failure: string): string {
  if (isEditConflict(error)) return (error as Error).message;
  const unreached = networkFailureText(error);
  if (unreached) return unreached;
  const reason = error instanceof ApiError ? error.message : '';
  return reason && reason !== failure && !reason.startsWith('Failed to ') && reason !== 'Request failed' ? `${failure}: ${reason}` : failure;
}

/** A screen whose failure is the spec's fixed text ("Failed to save theme"); an edit conflict still says what happened. */
export const fixedFailureText = (failure: string) => (error: unknown) =>
  isEditConflict(error) ? (error as Error).message : (networkFailureText(error) ?? failure);

/**
 * A save that never reached the server (no answer at all: the client throws status 0) says so,
 * and that nothing typed is lost: the form keeps it, and the browser too (kept-drafts).
 */
export function networkFailureText(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 0) return null;
  return navigator.onLine === false
    ? 'You appear to be offline — your changes are kept. Save again when you are back online.'
    : 'The server could not be reached — your changes are kept. Try Save again.';
}
