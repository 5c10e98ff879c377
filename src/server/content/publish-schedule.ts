import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { ContentEvents } from './events';

/** How often the next due time is read again, in case a write elsewhere went unheard. */
export const SCHEDULE_POLL_MS = 15_000;

/**
 * Scheduled items need no job to go live: reads compute visibility in SQL
 * (content/visibility.ts). What does need telling is the render cache, whose
 * pages were made before the time passed. Each copy of the app reads the
 * next due `publish_at` from the database (so it works across copies and
 * restarts), and when that moment passes it moves its own content version:
 * at once on the next page request (`checkDue`), or by a timer if none comes.
 * The time is read again after every write (here or heard from elsewhere)
 * and on a short poll.
 */
export class PublishSchedule {
  private nextDue: string | null = null;
  /** `nextDue` in ms (NaN when none or unreadable): every page request asks, so it is compared as a number first. */
  private nextDueMs = Number.NaN;
  private passed = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly poll: NodeJS.Timeout;
  private stopped = false;
  private reading: Promise<void> | undefined;
  private readonly goingLive = new Set<(at: string) => void>();

  constructor(
    private readonly db: Db,
    private readonly events: ContentEvents,
    private readonly log: FastifyBaseLogger,
    pollMs = SCHEDULE_POLL_MS,
  ) {
    events.on('version', () => void this.refresh());
    this.poll = setInterval(() => void this.refresh(), pollMs);
    this.poll.unref();
  }

  /** The next time a scheduled item goes live, as this copy last read it. */
  get next(): string | null {
    return this.nextDue;
  }

  /** When (ms) the last scheduled time passed: pages made before it must not be shown, even while a new one renders. */
  get lastPassedAt(): number {
    return this.passed;
  }

  /**
   * `listener(at)` each time this copy sees a scheduled time pass: items due up to `at` (ISO) are live
   * now (the CDN purge asks which). Answers the way to stop listening.
   */
  onGoingLive(listener: (at: string) => void): () => void {
    this.goingLive.add(listener);
    return () => this.goingLive.delete(listener);
  }

  /** Moves the content version if a scheduled time has passed; cheap enough for every page request. */
  checkDue(): void {
    if (this.nextDue === null) return;
    // More than a second ahead: not due, without making a date string (the answer for nearly every request).
    if (Date.now() + 1000 < this.nextDueMs) return;
    const now = new Date().toISOString();
    if (this.nextDue > now) return;
    this.passed = Date.parse(this.nextDue);
    this.nextDue = null;
    this.nextDueMs = Number.NaN;
    this.events.changedElsewhere();
    for (const listener of this.goingLive) listener(now);
  }

  /** Reads the next due time from the database (one read at a time; a request meanwhile shares it). */
  refresh(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.reading ??= this.read().finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async read(): Promise<void> {
    try {
      const now = new Date().toISOString();
      const row = await sql<{ next: string | null }>`
        select min(publish_at) as next from (
          select publish_at from products where status = 'scheduled' and publish_at > ${now}
          union all
          select publish_at from categories where status = 'scheduled' and publish_at > ${now}
          union all
          select publish_at from pages where status = 'scheduled' and publish_at > ${now}
        ) as due`.execute(this.db);
      this.setNext(row.rows[0]?.next ?? null);
    } catch (error) {
      // The poll tries again; meanwhile pages keep their versions.
      this.log.warn({ err: error }, 'could not read the next scheduled publishing time');
    }
  }

  private setNext(next: string | null): void {
    this.nextDue = next;
    this.nextDueMs = next === null ? Number.NaN : Date.parse(next);
    clearTimeout(this.timer);
    if (next === null || this.stopped) return;
    // Timers hold at most ~24.8 days; the poll reads again long before that.
    const wait = Math.min(Math.max(0, Date.parse(next) - Date.now()) + 5, 2 ** 31 - 1);
    this.timer = setTimeout(() => this.checkDue(), wait);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.poll);
    clearTimeout(this.timer);
  }
}
