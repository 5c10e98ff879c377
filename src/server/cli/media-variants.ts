import type { Config } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import { createMediaStore } from '../modules/media/media.service';
import { processNextVariantJob, variantQueueCounts } from '../modules/media/variant-queue';

export type BackfillOptions = {
  /** Where the progress bar goes (stderr by default). */
  out?: NodeJS.WritableStream & { isTTY?: boolean };
  /** Queue failed images again as well. */
  retryFailed?: boolean;
};

const BAR_WIDTH = 30;

function progressLine(done: number, total: number): string {
  const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${done}/${total} images`;
}

/**
 * `npm run media:variants`: makes the variants of every image still queued,
 * e.g. uploads from before variants existed (the migration queued them).
 * Idempotent (finished images are not queued) and resumable (each image is
 * committed on its own; one left half-done by a stopped run is taken again
 * after its lease). Safe beside running servers: they share the same queue.
 */
export async function runVariantBackfill(config: Config, options: BackfillOptions = {}): Promise<{ processed: number; failed: number }> {
  const out = options.out ?? process.stderr;
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
    const db = database.db;
    if (options.retryFailed) {
      await db.updateTable('media').set({ variants_status: 'pending', variants_attempts: 0 }).where('variants_status', '=', 'failed').execute();
    }
    const store = createMediaStore(config);
    const before = await variantQueueCounts(db);
    const total = before.pending;
    let processed = 0;
    const failures: string[] = [];
    const draw = () => {
      if (out.isTTY) out.write(`\r${progressLine(processed, total)}`);
      else if (processed === total || processed % 10 === 0) out.write(`${progressLine(processed, total)}\n`);
    };
    draw();
    const log = { warn: (details: object) => failures.push(String((details as { media?: string }).media ?? '')) };
    while (await processNextVariantJob(db, store, log)) {
      processed++;
      draw();
    }
    if (out.isTTY) out.write('\n');
    const after = await variantQueueCounts(db);
    out.write(`${processed} processed; ${after.done} images have variants; ${after.failed} failed${after.pending ? `; ${after.pending} still held by another process` : ''}\n`);
    return { processed, failed: after.failed };
  } finally {
    await database.close();
  }
}
