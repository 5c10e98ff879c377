import { ApiError } from '../../api/client';
import { isEditConflict } from './admin-api';

/**
 * What a failed save says beside Save (spec §8's "Failed to save product",
 * with the server's reason after it rather than dropped). An edit conflict
 * says only what happened: the server's text explains what to do.
 */
export function saveFailureText(error: unknown, failure: string): string {
  if (isEditConflict(error)) return (error as Error).message;
  const reason = error instanceof ApiError ? error.message : '';
  return reason && reason !== failure && !reason.startsWith('Failed to ') && reason !== 'Request failed' ? `${failure}: ${reason}` : failure;
}

/** A screen whose failure is the spec's fixed text ("Failed to save theme"); an edit conflict still says what happened. */
export const fixedFailureText = (failure: string) => (error: unknown) => (isEditConflict(error) ? (error as Error).message : failure);
