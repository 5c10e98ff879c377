// Cached pages while images get their variants (issue 25): the same load on a
// cached page with the encoder idle, then while 50 freshly uploaded photos are
// processed (the server's encoder process, MEDIA_WORKERS jobs at nice 10).
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { load } from './load.mjs';

const IMAGES = 50;

/** A photo-like JPEG (noise: real work for the encoder, like the demo's photos). */
const noisyJpeg = (width, height) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();

async function pendingVariants(port, token) {
  const response = await fetch(`http://127.0.0.1:${port}/api/media/variants/status`, { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()).data.pending;
}

/**
 * Answers idle and busy req/s and p99 of `url` (cached), the busy figure from
 * runs that ended with images still queued, and how many were processed meanwhile.
 */
export async function imagesBusyBench({ port, token, url, seconds, concurrency }) {
  const photos = await Promise.all(Array.from({ length: IMAGES }, (_, i) => noisyJpeg(1600 + (i % 5) * 40, 1067)));
  const run = () => load({ port, next: () => url, seconds, concurrency });
  const median = (runs) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];
  await run();
  // The median of three: one run swings with whatever else the machine does.
  const idle = median([await run(), await run(), await run()]);
  for (const [i, bytes] of photos.entries()) {
    const form = new FormData();
    form.append('image', new Blob([bytes], { type: 'image/jpeg' }), `busy-${i}.jpg`);
    const response = await fetch(`http://127.0.0.1:${port}/api/upload/image`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    if (response.status !== 200) throw new Error(`upload ${i} answered ${response.status}`);
  }
  const queued = await pendingVariants(port, token);
  const busyRuns = [];
  for (let i = 0; i < 5; i += 1) {
    const result = await run();
    const pending = await pendingVariants(port, token);
    if (pending === 0) break;
    busyRuns.push({ ...result, pending });
  }
  if (busyRuns.length === 0) return { idle, busy: undefined, uploaded: IMAGES, queued };
  // The median run (by req/s) of those made while images were still being processed.
  const busy = median(busyRuns);
  return { idle, busy, uploaded: IMAGES, queued, processed: queued - busyRuns[busyRuns.length - 1].pending, runs: busyRuns.length };
}
