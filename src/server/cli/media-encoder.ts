import os from 'node:os';
import { sql } from 'kysely';
import type { Config } from '../config';
import { openDatabase } from '../db/database';
import { cdnPurger, keysOfRenditions } from '../cdn/cdn-purge';
import { CONTENT_CHANNEL, renditionsPayload } from '../content/notify';
import { createMediaStore } from '../modules/media/media.service';
import { VariantWorkers } from '../modules/media/variant-queue';
import { ENCODER_NICE, RENDITIONS_MADE, isVariantsQueued, runWhenIdle } from '../modules/media/encoder-process';

const log = {
  warn: (details: object, message: string) => process.stderr.write(`${message}: ${JSON.stringify(details, (key, value: unknown) => (value instanceof Error ? value.message : value))}\n`),
};

/**
 * `cli.js media:encoder`, started by the server (encoder-process.ts), never by
 * hand: takes queued images until told to stop. Finished batches are told to
 * the pages: with PostgreSQL by NOTIFY to every copy, with SQLite to the
 * parent, which passes them on to its workers.
 */
export async function runMediaEncoder(config: Config): Promise<void> {
  // First: threads started from here on (libuv's pool, libvips') inherit the lower priority.
  try {
    os.setPriority(ENCODER_NICE);
  } catch {
    // The parent set it already, or the system does not allow it.
  }
  // And the idle class, for every thread there is now; later threads inherit it (decision 068).
  runWhenIdle(process.pid);
  const database = openDatabase(config);
  // A CDN in front keeps the pages drawing these images: their keys are purged here, once per batch and machine (decision 068).
  const cdn = config.cdn ? cdnPurger(config.cdn, log) : undefined;
  const announce = (urls: string[]) => {
    cdn?.purge(keysOfRenditions(urls));
    if (config.databaseUrl) {
      sql`select pg_notify(${CONTENT_CHANNEL}, ${renditionsPayload(`encoder-${process.pid}`, urls)})`.execute(database.db).catch((error: unknown) => {
        log.warn({ err: error }, 'could not tell the servers about new image renditions');
      });
    } else process.send?.({ type: RENDITIONS_MADE, urls });
  };
  const workers = new VariantWorkers(database.db, createMediaStore(config), Math.max(1, config.mediaWorkers), log, announce);
  process.on('message', (message) => {
    if (isVariantsQueued(message)) workers.nudge();
  });
  workers.start();
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', () => resolve());
    process.once('SIGINT', () => resolve());
    // The server that started it is gone: so is its reason to run.
    process.once('disconnect', () => resolve());
  });
  await workers.stop();
  await cdn?.stop();
  await database.close();
}
