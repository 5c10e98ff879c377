// The media library's pages with "used by" (GET /api/media?limit=30, walked by
// cursor, one client at a time): each answer looks up where its 30 items are
// used in the media_usages index (decision 056).
import { getText } from './load.mjs';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** `requests` pages of 30, walking the library by cursor and starting over at its end: p50/p95/max in ms. */
export async function mediaLibraryTimes(port, token, requests = 200) {
  const times = [];
  let cursor;
  let usages = 0;
  for (let i = 0; i < requests; i += 1) {
    const path = `/api/media?limit=30${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const t0 = performance.now();
    const { status, body } = await getText(port, path, { authorization: `Bearer ${token}` });
    times.push(performance.now() - t0);
    if (status !== 200) throw new Error(`${path} answered ${status}`);
    const page = JSON.parse(body);
    usages += page.data.reduce((sum, item) => sum + item.usedBy.length, 0);
    cursor = page.meta.nextCursor ?? undefined;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1], count: times.length, usagesPerPage: Math.round(usages / requests) };
}
