import { apiAnswer, type ApiAnswer } from '../../api/client';

/**
 * GET requests sent before the session check has answered: the first requests
 * of the screen the admin opened, so that they overlap the check instead of
 * following it (app/admin-app.tsx). Each answer goes once, to the first
 * request for the same path (admin-api.ts); the app forgets the others when
 * that screen has mounted or the check fails, so no later request gets an old
 * answer and a refused token never shows anything.
 */
const early = new Map<string, Promise<ApiAnswer<unknown>>>();

export function askEarly(paths: readonly string[]): void {
  for (const path of paths) {
    const answer = apiAnswer<unknown>(path);
    // A failure is the taker's to handle; one never taken is simply dropped.
    answer.catch(() => {});
    early.set(path, answer);
  }
}

export function takeEarly<T>(path: string): Promise<ApiAnswer<T>> | undefined {
  const answer = early.get(path);
  early.delete(path);
  return answer as Promise<ApiAnswer<T>> | undefined;
}

export function forgetEarly(): void {
  early.clear();
}
