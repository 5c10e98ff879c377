import type { FastifyBaseLogger } from 'fastify';
import type { CdnConfig } from '../config';
import type { ContentEvents } from '../content/events';
import type { ContentChange } from '../content/changes';
import type { Db } from '../db/database';
import type { PublishSchedule } from '../content/publish-schedule';
import { categoryKey, keysOfChange, mediaKey, pageKey, productKey } from './surrogate-keys';
import { purgeCalls, type PurgeCall } from './purge-adapters';

const CALL_TIMEOUT_MS = 5_000;
/** Tries per call: a CDN API that hiccups once must not leave a page stale until its s-maxage runs out. */
const TRIES = 3;
const RETRY_PAUSE_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function send(call: PurgeCall): Promise<void> {
  const response = await fetch(call.url, { method: 'POST', headers: call.headers, body: call.body ?? null, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  // The body is read so the connection is reused.
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${text.slice(0, 200)}`);
}

/** The surrogate keys of the pages drawing the images at `urls`, which got new renditions (their srcset changes). */
export function keysOfRenditions(urls: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const url of urls) {
    const key = mediaKey(url);
    if (key) keys.add(key);
  }
  return [...keys];
}

/** Purge calls in order, one batch of keys after the other; a failing call is tried again, then logged. */
export type CdnPurger = { purge: (keys: readonly string[]) => void; stop: () => Promise<void> };

type PurgeLog = { warn: (details: object, message: string) => void };

export function cdnPurger(cdn: CdnConfig, log: PurgeLog): CdnPurger {
  let queue: Promise<void> = Promise.resolve();
  const purgeNow = async (keys: string[]) => {
    for (const call of purgeCalls(cdn, keys)) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          await send(call);
          break;
        } catch (error) {
          if (attempt >= TRIES) {
            log.warn({ err: error, keys }, `CDN purge failed (${cdn.kind}); those pages live until their s-maxage`);
            break;
          }
          await sleep(RETRY_PAUSE_MS * attempt);
        }
      }
    }
  };
  return {
    purge: (keys) => {
      if (keys.length > 0) queue = queue.then(() => purgeNow([...keys]));
    },
    stop: () => queue,
  };
}

/**
 * Purges the surrogate keys each committed write touches (decision 061). It listens to the `change`
 * event, which the write path emits once, after commit, in the process that made the write: one purge
 * per write however many copies run. New renditions made in this process (its own variant workers)
 * purge the `media:<name>` keys of their images; those made by the encoder process are purged there
 * (cli/media-encoder.ts), once per machine (decision 068).
 */
export function purgeCdnOnWrites(
  cdn: CdnConfig,
  events: ContentEvents,
  log: FastifyBaseLogger,
  scheduled?: { db: Db; schedule: PublishSchedule },
): { stop: () => Promise<void> } {
  const purger = cdnPurger(cdn, log);
  const onChange = (change: ContentChange) => purger.purge(keysOfChange(change));
  const onRenditions = (urls: readonly string[], here: boolean) => {
    if (here) purger.purge(keysOfRenditions(urls));
  };
  events.on('change', onChange);
  events.on('renditions', onRenditions);
  // Scheduled items going live are no write: the copy that sees their time pass asks which they are.
  let since = new Date().toISOString();
  let reading: Promise<void> = Promise.resolve();
  const stopScheduled = scheduled?.schedule.onGoingLive((at) => {
    const from = since;
    if (at > since) since = at;
    reading = reading.then(async () => {
      const keys = await keysGoingLive(scheduled.db, from, at).catch((error: unknown) => {
        log.warn({ err: error }, 'could not read which scheduled items went live; their pages live until their s-maxage');
        return [];
      });
      purger.purge(keys);
    });
  });
  return {
    stop: async () => {
      events.off('change', onChange);
      events.off('renditions', onRenditions);
      stopScheduled?.();
      await reading;
      await purger.stop();
    },
  };
}

/**
 * The keys of the pages that change when the scheduled products, categories and pages due in (from, to] go
 * live: as for their creation (their own key, their categories, the lists, search), and `not-found`,
 * which their address answered until then.
 */
export async function keysGoingLive(db: Db, from: string, to: string): Promise<string[]> {
  const [products, categories, pages] = await Promise.all([
    db.selectFrom('products').select('id').where('status', '=', 'scheduled').where('publish_at', '>', from).where('publish_at', '<=', to).execute(),
    db.selectFrom('categories').select('id').where('status', '=', 'scheduled').where('publish_at', '>', from).where('publish_at', '<=', to).execute(),
    db.selectFrom('pages').select('id').where('status', '=', 'scheduled').where('publish_at', '>', from).where('publish_at', '<=', to).execute(),
  ]);
  const keys = new Set<string>();
  if (products.length > 0) {
    const listed = await db.selectFrom('product_categories').select('category_id').where('product_id', 'in', products.map((p) => p.id)).execute();
    for (const { id } of products) keys.add(productKey(id));
    for (const { category_id } of listed) keys.add(categoryKey(category_id));
    keys.add('products').add('search').add('not-found');
  }
  if (categories.length > 0) {
    for (const { id } of categories) keys.add(categoryKey(id));
    keys.add('categories').add('not-found');
  }
  if (pages.length > 0) {
    for (const { id } of pages) keys.add(pageKey(id));
    // The menus and search that list pages.
    keys.add('pages').add('search').add('not-found');
  }
  return [...keys];
}
