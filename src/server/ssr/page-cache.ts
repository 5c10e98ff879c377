import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * A rendered answer: a page or a redirect; `storedAt` in ms since the epoch.
 * Only the gzip bytes are kept (compressed once, not per request): nearly
 * every client takes them, and a page is a fifth of its size so. The rare
 * client that does not gets them unpacked (`pageBody`), a fraction of a ms.
 */
export type CachedPage = {
  status: number;
  gzip: Buffer;
  etag: string;
  version: number;
  storedAt: number;
  location?: string;
  /** The stored images (`/uploads/…` URLs) the page drew: new renditions of one drop only these pages (RenderCache.dropPagesShowing). */
  media?: ReadonlySet<string>;
};

export const gzipPage = (body: Buffer) => gzipSync(body, { level: 6 });

export function makePage(version: number, status: number, html: string, location?: string): CachedPage {
  const body = Buffer.from(html, 'utf8');
  const etag = `W/"${version.toString(36)}-${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
  return { status, gzip: gzipPage(body), etag, version, storedAt: Date.now(), ...(location ? { location } : {}) };
}

/** The page's HTML bytes, for a client that does not accept gzip. */
export const pageBody = (page: CachedPage): Buffer => gunzipSync(page.gzip);

/**
 * Rendered pages as Buffers by key, each remembering the content version it
 * was rendered at: an entry of an older version is stale, still good to serve
 * while its fresh render is made. Bounded by entries and bytes, least recently
 * used first out, so odd URLs cannot grow it without limit.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 1000,
    // Per worker: ~1,000 typical pages (10 kB gzip each) with room for heavier ones.
    private readonly maxBytes = 16 * 1024 * 1024,
  ) {}

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    // Re-inserted: Map order is the recency order.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  set(key: string, page: CachedPage): void {
    this.remove(key);
    const size = page.gzip.length;
    if (size > this.maxBytes) return;
    this.pages.set(key, page);
    this.bytes += size;
    for (const [oldestKey, oldest] of this.pages) {
      if (this.pages.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.pages.delete(oldestKey);
      this.bytes -= oldest.gzip.length;
    }
  }

  private remove(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= page.gzip.length;
  }

  /** Every kept page, without touching the recency order. */
  entries(): IterableIterator<[string, CachedPage]> {
    return this.pages.entries();
  }

  get size(): number {
    return this.pages.size;
  }
}
