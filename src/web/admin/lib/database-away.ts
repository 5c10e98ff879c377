import { ApiError } from '../../api/client';

/** Often enough to show the banner soon, rarely enough to cost nothing. */
const CHECK_MS = 5_000;
/** While the database is away: how soon a waiting save learns it is back. */
const CHECK_AWAY_MS = 2_000;

let away = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (next === away) return;
  away = next;
  for (const listener of listeners) listener();
}

/** GET /api/health: 503 is the database away; no answer at all is the browser offline, which is not. */
async function check(): Promise<void> {
  const status = await fetch('/api/health', { cache: 'no-store' }).then((response) => response.status, () => undefined);
  if (status !== undefined) set(status === 503);
}

function schedule(): void {
  clearTimeout(timer);
  if (listeners.size === 0) return;
  timer = setTimeout(() => void check().finally(schedule), away ? CHECK_AWAY_MS : CHECK_MS);
}

/**
 * Whether the site's database is away, as the admin's one health watcher last saw it (decision 061):
 * the banner shows it, and a save refused with 503 waits for it to be back. Asked while something listens.
 */
export const databaseAway = {
  get: (): boolean => away,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    if (listeners.size === 1) void check().finally(schedule);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) clearTimeout(timer);
    };
  },
  /**
   * A save was answered 503: asks the health check at once whether the database is away (a busy
   * database answers 503 too, and its save is to be tried again by hand). Answers whether it is.
   */
  async confirm(): Promise<boolean> {
    await check();
    schedule();
    return away;
  },
};

/** A save answered 503: nothing was saved, so it can be sent again. */
export const isUnavailable = (error: unknown): boolean => error instanceof ApiError && error.status === 503;

/** Thrown in place of a save's 503 when the health check says the database is away: the save waits for it. */
export class WaitingForDatabase extends Error {}

export const SAVE_WHEN_BACK_TEXT = 'The database cannot be reached: this save waits and goes through by itself once it is back.';
