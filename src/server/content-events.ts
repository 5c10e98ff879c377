import { EventEmitter } from 'node:events';
import type { ContentChange } from './content/changes';

type ContentEventMap = {
  /** Any change, here or in another copy: the content version moved. */
  version: [version: number];
  /** A write this process made, with what it changed. */
  change: [change: ContentChange];
};

/** Page age limit while writes of other copies may go unheard. */
export const UNHEARD_MAX_AGE_MS = 3_000;

/**
 * The one place a committed content write is announced. Caches key on the
 * version, which moves on every write here or elsewhere; with PostgreSQL each
 * local change is broadcast with NOTIFY so every copy of the app drops its
 * stale pages (DESIGN.md §6). Listeners of `change` (audit, revisions,
 * redirects…) see each write once, in the process that made it.
 */
export class ContentEvents extends EventEmitter<ContentEventMap> {
  private version = 0;
  private trusted = true;

  get current(): number {
    return this.version;
  }

  /** Called by the write path after a write this process committed. */
  changed(change: ContentChange): void {
    this.bump();
    this.emit('change', change);
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

  /** Called when another copy (or worker) reports a write. */
  changedElsewhere(): void {
    this.bump();
  }

  private bump(): void {
    this.version += 1;
    this.emit('version', this.version);
  }
}
