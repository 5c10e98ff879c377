import type { FastifyBaseLogger } from 'fastify';
import type { CdnConfig } from '../config';
import type { ContentEvents } from '../content/events';
import type { ContentChange } from '../content/changes';
import { keysOfChange } from './surrogate-keys';
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

/**
 * Purges the surrogate keys each committed write touches (decision 061). It listens to the `change`
 * event, which the write path emits once, after commit, in the process that made the write: one purge
 * per write however many copies run. Calls go out in order, one write after the other; a failing call
 * is tried again, then logged (the page then lives until its s-maxage).
 */
export function purgeCdnOnWrites(cdn: CdnConfig, events: ContentEvents, log: FastifyBaseLogger): { stop: () => Promise<void> } {
  let queue: Promise<void> = Promise.resolve();
  const purge = async (keys: string[]) => {
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
  const onChange = (change: ContentChange) => {
    const keys = keysOfChange(change);
    if (keys.length > 0) queue = queue.then(() => purge(keys));
  };
  events.on('change', onChange);
  return {
    stop: async () => {
      events.off('change', onChange);
      await queue;
    },
  };
}
