import { EventEmitter } from 'node:events';

/** Page age limit while writes of other copies may go unheard. */
export const UNHEARD_MAX_AGE_MS = 3_000;

/**
 * A content version that moves on every write. Caches key on it; with
 * PostgreSQL the change is broadcast with NOTIFY so every copy of the app
 * drops its stale pages (DESIGN.md §6).
 */
export class ContentEvents extends EventEmitter {
  private version = 0;
  private trusted = true;

  get current(): number {
    return this.version;
  }

  /** Called by this process after a write it made. */
  changed(): void {
    this.version += 1;
    this.emit('change', this.version);
    this.emit('local-change');
  }

  /**
   * How long a cached page may be served: unlimited (undefined) while every
   * write is heard of; a few seconds while the notifications from other
   * copies are interrupted (content-notify.ts), since a write may go unheard.
   */
  get maxAgeMs(): number | undefined {
    return this.trusted ? undefined : UNHEARD_MAX_AGE_MS;
  }

  /** Told by the listener for other copies' writes whether it is hearing them. */
  setHearing(hearing: boolean): void {
    this.trusted = hearing;
  }

  /** Called when another copy of the app reports a write. */
  changedElsewhere(): void {
    this.version += 1;
    this.emit('change', this.version);
  }
}
