// Site search latency: GET /api/search (the header's suggestions) and the
// server-rendered /search page, one client at a time, over a set of queries
// from very common (every product matches "course") to none. Each page
// request carries a distinct query text (symbols added, which are not words),
// so every one is a render-cache miss that runs the search.
import { getText } from './load.mjs';

export const SEARCH_QUERIES = ['course', 'cour', 'lessons', 'course 42', 'topic 7', 'drawing', 'anim', 'finished piece', 'sketch project', 'nothing here'];

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1], count: sorted.length };
};

async function timed(port, path) {
  const t0 = performance.now();
  const { status } = await getText(port, path);
  if (status !== 200) throw new Error(`${path} answered ${status}`);
  return performance.now() - t0;
}

/** `rounds` passes over the queries: p50/p95/max of the API (limit 8, as the suggestions ask) and of uncached pages. */
export async function searchTimes(port, rounds = 5) {
  const api = [];
  const pages = [];
  const slowest = {};
  for (let round = 0; round < rounds; round += 1) {
    for (const q of SEARCH_QUERIES) {
      const apiMs = await timed(port, `/api/search?q=${encodeURIComponent(q)}&limit=8`);
      api.push(apiMs);
      const pageMs = await timed(port, `/search?q=${encodeURIComponent(`${q} ${'!'.repeat(round + 1)}`)}`);
      pages.push(pageMs);
      slowest[q] = Math.max(slowest[q] ?? 0, apiMs);
    }
  }
  return { api: summary(api), pages: summary(pages), slowest };
}
