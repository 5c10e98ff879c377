import { EventEmitter } from 'node:events';

/**
 * A content version that moves on every write. Caches key on it; with
 * PostgreSQL the change is broadcast with NOTIFY so every copy of the app
 * drops its stale pages (DESIGN.md §6).
 */
export class ContentEvents extends EventEmitter {
  private version = 0;

  get current(): number {
    return this.version;
  }

  /** Called by this process after a write it made. */
  changed(): void {
    this.version += 1;
    this.emit('change', this.version);
    this.emit('local-change');
  }

  /** Called when another copy of the app reports a write. */
  changedElsewhere(): void {
    this.version += 1;
    this.emit('change', this.version);
  }
}
