import { PageCache, type CachedPage } from './page-cache';

/**
 * How long the request that starts a fresh render waits for it before it too
 * gets the previous page. Long enough for a render on a busy machine (with its
 * gzip and brotli bodies, decision 051): the owner who just saved and opens the
 * page is usually that request, and should see the change.
 */
export const STALE_WAIT_MS = 500;

/** Image drops remembered for renders still running when they happened (a render takes milliseconds; drops come seconds apart). */
const MAX_RECENT_DROPS = 32;

const shows = (drawn: ReadonlySet<string>, changed: ReadonlySet<string>) => {
  for (const url of changed) if (drawn.has(url)) return true;
  return false;
};

const expired = (page: CachedPage) => page.expiresAt !== undefined && Date.now() >= page.expiresAt;

export type RenderCacheStats = { renders: number; hits: number; stale: number; servedOnError: number };

/**
 * The render cache of decision 008. Keys are what changes a page (path and
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
  readonly stats: RenderCacheStats = { renders: 0, hits: 0, stale: 0, servedOnError: 0 };

  constructor(
    private readonly currentVersion: () => number,
    options: {
      maxEntries?: number;
      maxBytes?: number;
      staleWaitMs?: number;
      maxAgeMs?: () => number | undefined;
      staleCutoff?: () => number;
      staleIfErrorMs?: number;
    } = {},
  ) {
    this.pages = new PageCache(options.maxEntries, options.maxBytes);
    this.staleWaitMs = options.staleWaitMs ?? STALE_WAIT_MS;
    this.maxAgeMs = options.maxAgeMs ?? (() => undefined);
    this.staleCutoff = options.staleCutoff ?? (() => 0);
    this.staleIfErrorMs = options.staleIfErrorMs ?? 0;
  }

  /**
   * How long after a page went out of date it still stands in for a render that fails (status ≥ 500:
   * the database or the media store cannot answer). Decision 061: stale rather than broken.
   */
  private readonly staleIfErrorMs: number;
  /** When each kept page was first found out of date: the start of its stale-if-error window. */
  private readonly outdatedSince = new WeakMap<CachedPage, number>();

  /**
   * Pages stored before this time (ms) are never served stale: a scheduled
   * item went live then, and an older page would hide it for a while longer.
   */
  private readonly staleCutoff: () => number;

  /** How old a page of the current version may be; undefined: no limit (every write is heard of). */
  private readonly maxAgeMs: () => number | undefined;

  private isFresh(key: string, page: CachedPage, version: number): boolean {
    const maxAge = this.maxAgeMs();
    return page.version === version && !this.outdated.has(key) && (maxAge === undefined || Date.now() - page.storedAt <= maxAge) && !expired(page);
  }

  /** Keys whose page draws an image that got new renditions: served stale until rendered again. */
  private readonly outdated = new Set<string>();
  /** How many times dropPagesShowing was called, and the images of the latest calls (numbered). */
  private drops = 0;
  private readonly recentDrops: Array<{ n: number; urls: ReadonlySet<string> }> = [];

  /**
   * New renditions of the images at `urls` (a finished variant batch): only
   * the pages that draw one of them are out of date, not the whole cache.
   * They are served stale while one fresh render is made, like after a write.
   * Answers how many cached pages are out of date now.
   */
  dropPagesShowing(urls: Iterable<string>): number {
    const changed = new Set(urls);
    if (changed.size === 0) return 0;
    this.drops += 1;
    this.recentDrops.push({ n: this.drops, urls: changed });
    if (this.recentDrops.length > MAX_RECENT_DROPS) this.recentDrops.shift();
    const kept = new Set<string>();
    for (const [key, page] of this.pages.entries()) {
      if (page.media && shows(page.media, changed)) this.outdated.add(key);
      kept.add(key);
    }
    // Pages evicted meanwhile are forgotten here too.
    for (const key of this.outdated) if (!kept.has(key)) this.outdated.delete(key);
    return this.outdated.size;
  }

  /** Whether a render that began after drop number `since` may have read renditions older than a later drop. */
  private droppedSince(since: number, page: CachedPage): boolean {
    if (since === this.drops) return false;
    const oldest = this.recentDrops[0]?.n ?? this.drops + 1;
    // Drops forgotten since the render began: assume the page draws one of their images.
    if (since + 1 < oldest) return true;
    return Boolean(page.media) && this.recentDrops.some((drop) => drop.n > since && shows(page.media!, drop.urls));
  }

  /** The page kept under `key` if it is current: the cached path, without a promise. */
  fresh(key: string): CachedPage | undefined {
    const cached = this.pages.get(key);
    if (!cached || !this.isFresh(key, cached, this.currentVersion())) return undefined;
    this.stats.hits += 1;
    return cached;
  }

  /** `render` makes the page at the given version; answers of status ≥ 500 are served but never kept. */
  async get(key: string, render: (version: number) => Promise<CachedPage>): Promise<CachedPage> {
    const version = this.currentVersion();
    const kept = this.pages.get(key);
    // A page past its own end (a sale it shows ended) is never served again, not even while its render runs.
    const cached = kept && !expired(kept) ? kept : undefined;
    if (cached && this.isFresh(key, cached, version)) {
      this.stats.hits += 1;
      return cached;
    }
    // One render per key and content version (and image drop: a render begun before one may draw old renditions).
    const flightKey = `${version}.${this.drops} ${key}`;
    let flight = this.inFlight.get(flightKey);
    const started = !flight;
    if (!flight) {
      flight = this.renderAndKeep(key, version, render);
      this.inFlight.set(flightKey, flight);
      const done = () => this.inFlight.delete(flightKey);
      flight.then(done, done);
    }
    const answer = cached ? this.orPreviousOnError(flight, cached) : flight;
    if (!cached || cached.storedAt < this.staleCutoff()) return answer;
    this.stats.stale += 1;
    if (!started) return cached;
    let timer: NodeJS.Timeout | undefined;
    const previous = new Promise<CachedPage>((resolve) => {
      timer = setTimeout(() => resolve(cached), this.staleWaitMs);
    });
    try {
      return await Promise.race([answer, previous]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Resolves once the renders under way have finished and been kept: a test then reads its own write (decision 058). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /**
   * The fresh render, or the previous page when the render fails and the previous page went out of
   * date less than `staleIfErrorMs` ago. Even a page made before a scheduled item went live beats an
   * error page. Nothing is dropped on a failure, so a database that restarts finds the pages still here.
   */
  private orPreviousOnError(flight: Promise<CachedPage>, previous: CachedPage): Promise<CachedPage> {
    const since = this.outdatedSince.get(previous) ?? Date.now();
    this.outdatedSince.set(previous, since);
    const usable = () => Date.now() - since <= this.staleIfErrorMs;
    const onError = (failure: CachedPage | undefined, error?: unknown): CachedPage => {
      if (!usable()) {
        if (failure) return failure;
        throw error;
      }
      this.stats.servedOnError += 1;
      return previous;
    };
    return flight.then(
      (page) => (page.status >= 500 ? onError(page) : page),
      (error: unknown) => onError(undefined, error),
    );
  }

  private async renderAndKeep(key: string, version: number, render: (version: number) => Promise<CachedPage>) {
    this.stats.renders += 1;
    const drops = this.drops;
    const page = await render(version);
    // A failure is shown, not kept: the next request tries again.
    if (page.status >= 500) return page;
    // A newer page (another write, another render) may have been kept meanwhile.
    const current = this.pages.get(key);
    if (!current || current.version <= version) {
      this.pages.set(key, page);
      // Images of the page got new renditions while it rendered: kept, but rendered again on the next request.
      if (this.droppedSince(drops, page)) this.outdated.add(key);
      else this.outdated.delete(key);
    }
    return page;
  }

  get size(): number {
    return this.pages.size;
  }
}
