import { PageCache, type CachedPage } from './page-cache';

/**
 * How long the request that starts a fresh render waits for it before it too
 * gets the previous page. Long enough for a render on a busy machine (with its
 * gzip and brotli bodies, decision 051): the owner who just saved and opens the
 * page is usually that request, and should see the change.
 */
export const STALE_WAIT_MS = 500;

export type RenderCacheStats = { renders: number; hits: number; stale: number };

/**
 * The render cache of DESIGN.md §7. Keys are what changes a page (path and
 * the parameters it reads, normalised by the caller), never headers or
 * cookies. Concurrent misses for one key share one render (single flight).
 * After a content write the previous page keeps being served while one fresh
 * render is made (stale-while-revalidate): the request that starts it waits
 * a moment for it, every other request gets the previous page at once.
 */
export class RenderCache {
  private readonly pages: PageCache;
  private readonly inFlight = new Map<string, Promise<CachedPage>>();
  private readonly staleWaitMs: number;
  readonly stats: RenderCacheStats = { renders: 0, hits: 0, stale: 0 };

  constructor(
    private readonly currentVersion: () => number,
    options: {
      maxEntries?: number;
      maxBytes?: number;
      staleWaitMs?: number;
      maxAgeMs?: () => number | undefined;
      staleCutoff?: () => number;
    } = {},
  ) {
    this.pages = new PageCache(options.maxEntries, options.maxBytes);
    this.staleWaitMs = options.staleWaitMs ?? STALE_WAIT_MS;
    this.maxAgeMs = options.maxAgeMs ?? (() => undefined);
    this.staleCutoff = options.staleCutoff ?? (() => 0);
  }

  /**
   * Pages stored before this time (ms) are never served stale: a scheduled
   * item went live then, and an older page would hide it for a while longer.
   */
  private readonly staleCutoff: () => number;

  /** How old a page of the current version may be; undefined: no limit (every write is heard of). */
  private readonly maxAgeMs: () => number | undefined;

  private isFresh(page: CachedPage, version: number): boolean {
    const maxAge = this.maxAgeMs();
    return page.version === version && (maxAge === undefined || Date.now() - page.storedAt <= maxAge);
  }

  /** The page kept under `key` if it is current: the cached path, without a promise. */
  fresh(key: string): CachedPage | undefined {
    const cached = this.pages.get(key);
    if (!cached || !this.isFresh(cached, this.currentVersion())) return undefined;
    this.stats.hits += 1;
    return cached;
  }

  /** `render` makes the page at the given version; answers of status ≥ 500 are served but never kept. */
  async get(key: string, render: (version: number) => Promise<CachedPage>): Promise<CachedPage> {
    const version = this.currentVersion();
    const cached = this.pages.get(key);
    if (cached && this.isFresh(cached, version)) {
      this.stats.hits += 1;
      return cached;
    }
    // One render per key and content version.
    const flightKey = `${version} ${key}`;
    let flight = this.inFlight.get(flightKey);
    const started = !flight;
    if (!flight) {
      flight = this.renderAndKeep(key, version, render);
      this.inFlight.set(flightKey, flight);
      const done = () => this.inFlight.delete(flightKey);
      flight.then(done, done);
    }
    if (!cached || cached.storedAt < this.staleCutoff()) return flight;
    this.stats.stale += 1;
    if (!started) return cached;
    let timer: NodeJS.Timeout | undefined;
    const previous = new Promise<CachedPage>((resolve) => {
      timer = setTimeout(() => resolve(cached), this.staleWaitMs);
    });
    try {
      return await Promise.race([flight, previous]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async renderAndKeep(key: string, version: number, render: (version: number) => Promise<CachedPage>) {
    this.stats.renders += 1;
    const page = await render(version);
    // A failure is shown, not kept: the next request tries again.
    if (page.status >= 500) return page;
    // A newer page (another write, another render) may have been kept meanwhile.
    const current = this.pages.get(key);
    if (!current || current.version <= version) this.pages.set(key, page);
    return page;
  }

  get size(): number {
    return this.pages.size;
  }
}
