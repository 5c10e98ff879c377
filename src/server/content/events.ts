import { EventEmitter } from 'node:events';
import type { ContentChange } from './changes';
import { contentType, type ContentTypeName } from './types';

type ContentEventMap = {
  /** Any change, here or in another copy: the content version moved. */
  version: [version: number];
  /** A write this process made, with what it changed. */
  change: [change: ContentChange];
  /**
   * Images (by URL) that got new renditions: only the pages drawing them are
   * out of date (no version move). `here`: made by this process's own
   * encoder, so the other copies are to be told.
   */
  renditions: [urls: readonly string[], here: boolean];
  /**
   * Webhook deliveries were queued, or an endpoint saved: the dispatchers
   * look now. `here`: by this process, so the other copies are to be told.
   */
  webhooks: [here: boolean];
};

/** Page age limit while writes of other copies may go unheard. */
export const UNHEARD_MAX_AGE_MS = 3_000;

/**
 * The one place a committed content write is announced. Caches key on the
 * version, which moves on every write here or elsewhere; with PostgreSQL each
 * local change is broadcast with NOTIFY so every copy of the app drops its
 * stale pages (decision 007). Listeners of `change` (the notification to
 * other copies, the cluster relay, the newsletter's wake-ups) see each write
 * once, in the process that made it, after it committed (write.ts).
 */
export class ContentEvents extends EventEmitter<ContentEventMap> {
  private version = 0;
  private catalogue = 0;
  private trusted = true;

  get current(): number {
    return this.version;
  }

  /**
   * Moves only with writes that may change the catalogue's figures (products,
   * categories, tags, a scheduled item going live, or a write elsewhere of
   * unknown kind), so those figures outlive edits of the about page or theme.
   */
  get catalogueVersion(): number {
    return this.catalogue;
  }

  /** Called by the write path after a write this process committed. */
  changed(change: ContentChange): void {
    this.bump(change.entity);
    this.emit('change', change);
    if (change.queuedWebhooks) this.webhooksQueued(true);
  }

  /** Webhook deliveries queued (or an endpoint saved), here or as reported by another process or copy. */
  webhooksQueued(here: boolean): void {
    this.emit('webhooks', here);
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

  /** Called when another copy (or worker) reports a write: of `entity` when it said, else of anything. */
  changedElsewhere(entity?: ContentTypeName): void {
    this.bump(entity);
  }

  /** New renditions of the images at `urls`, made here or reported by another process or copy. */
  renditionsReady(urls: readonly string[], here: boolean): void {
    if (urls.length > 0) this.emit('renditions', urls, here);
  }

  private bump(entity: ContentTypeName | undefined): void {
    // What a catalogue write touches: which products are listed where, with which tags (catalogue-figures.ts).
    if (entity === undefined || contentType(entity).catalogue) this.catalogue += 1;
    this.version += 1;
    this.emit('version', this.version);
  }
}
