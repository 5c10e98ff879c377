import type { Db } from '../../db/database';
import type { MediaRow } from '../../db/schema';
import { nowIso, parseJson } from '../../db/json';
import type { MediaVariant } from '../../../shared/media';
import type { MediaStore } from './media-store';
import { makeVariants } from './media-variants';

/** A job claimed longer ago than this belongs to a copy that died: another may take it. */
export const VARIANT_LEASE_MS = 5 * 60 * 1000;
const MAX_ATTEMPTS = 3;
/** How often an idle worker looks for work queued by another copy or by a migration. */
const POLL_MS = 5000;
/** Finished images are reported at most this often while a batch runs. */
const REPORT_EVERY_MS = 3000;

export type VariantLog = { warn: (details: object, message: string) => void };

/**
 * Claims one queued image. The queue is the media table itself (decision 014):
 * a claim is an update that only succeeds if the row is still as it was read,
 * so copies sharing the database never take the same job, on SQLite and
 * PostgreSQL alike, and a job whose worker died is taken again after its lease.
 */
async function claimNext(db: Db): Promise<MediaRow | undefined> {
  const staleBefore = new Date(Date.now() - VARIANT_LEASE_MS).toISOString();
  const candidates = await db
    .selectFrom('media')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('variants_status', '=', 'pending'),
        eb.and([eb('variants_status', '=', 'running'), eb('variants_claimed_at', '<', staleBefore)]),
      ]),
    )
    .orderBy('created_at', 'desc')
    .limit(5)
    .execute();
  for (const row of candidates) {
    const result = await db
      .updateTable('media')
      .set({ variants_status: 'running', variants_claimed_at: nowIso(), variants_attempts: row.variants_attempts + 1 })
      .where('id', '=', row.id)
      .where('variants_status', '=', row.variants_status)
      .where('variants_attempts', '=', row.variants_attempts)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return { ...row, variants_attempts: row.variants_attempts + 1 };
  }
  return undefined;
}

/** One job taken from the queue: the image's URL, and whether its renditions were made. */
export type VariantJob = { url: string; made: boolean };

/** Claims and processes one job; resolves to false when the queue is empty. */
export async function processNextVariantJob(db: Db, store: MediaStore, log?: VariantLog): Promise<VariantJob | false> {
  const row = await claimNext(db);
  if (!row) return false;
  try {
    const result = await makeVariants(store, {
      key: row.storage_key,
      mimeType: row.mime_type,
      sizeBytes: row.size_bytes,
      focalX: row.focal_x,
      focalY: row.focal_y,
      existing: parseJson<MediaVariant[]>(row.variants, []),
    });
    await db
      .updateTable('media')
      .set({
        width: result.width,
        height: result.height,
        placeholder: result.placeholder,
        variants: JSON.stringify(result.variants),
        variants_status: 'done',
        variants_claimed_at: null,
        variants_attempts: 0,
      })
      .where('id', '=', row.id)
      .execute();
    return { url: row.url, made: true };
  } catch (error) {
    log?.warn({ err: error, media: row.url }, 'image variants failed');
    await db
      .updateTable('media')
      .set({ variants_status: row.variants_attempts >= MAX_ATTEMPTS ? 'failed' : 'pending', variants_claimed_at: null })
      .where('id', '=', row.id)
      .execute();
    return { url: row.url, made: false };
  }
}

export async function variantQueueCounts(db: Db): Promise<{ pending: number; done: number; failed: number }> {
  const rows = await db
    .selectFrom('media')
    .select(['variants_status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('variants_status')
    .execute();
  const count = (...statuses: string[]) =>
    rows.filter((row) => statuses.includes(row.variants_status)).reduce((sum, row) => sum + Number(row.count), 0);
  return { pending: count('pending', 'running'), done: count('done'), failed: count('failed') };
}

/**
 * The background workers of one process: a bounded pool (MEDIA_WORKERS) that
 * takes jobs until the queue is empty, then looks again every few seconds or
 * when this process queues something. Uploads never wait for it.
 */
export class VariantWorkers {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void>[] = [];
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly store: MediaStore,
    private readonly size: number,
    private readonly log: VariantLog,
    /** Told the URLs of a batch of images that got their variants, so the pages drawing them can use them. */
    private readonly onProgress: (urls: string[]) => void,
  ) {}

  start(): void {
    if (this.size > 0) this.nudge();
  }

  /** Something was queued: start idle workers now instead of at the next poll. */
  nudge(): void {
    if (this.stopped || this.size === 0) return;
    while (this.running.length < this.size) {
      const worker: Promise<void> = this.work().finally(() => {
        this.running = this.running.filter((entry) => entry !== worker);
        this.schedule();
      });
      this.running.push(worker);
    }
  }

  private schedule(): void {
    if (this.stopped || this.running.length > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.nudge(), POLL_MS);
    this.timer.unref();
  }

  private async work(): Promise<void> {
    // Reported in batches (every few seconds), so pages are not rendered again after each image.
    let done: string[] = [];
    let lastReport = Date.now();
    try {
      let job: VariantJob | false;
      while (!this.stopped && (job = await processNextVariantJob(this.db, this.store, this.log))) {
        if (job.made) done.push(job.url);
        if (done.length > 0 && Date.now() - lastReport > REPORT_EVERY_MS) {
          this.onProgress(done);
          lastReport = Date.now();
          done = [];
        }
      }
    } catch (error) {
      // The database is away: try again at the next poll.
      this.log.warn({ err: error }, 'image variant queue unavailable');
    }
    if (done.length > 0) this.onProgress(done);
  }

  /** Lets running jobs finish (a claimed job left half-done is taken again after its lease anyway). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.allSettled(this.running);
  }
}
