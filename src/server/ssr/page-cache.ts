import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzipSync, gzip } from 'node:zlib';
import type { Coding } from '../http/accept-encoding';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * A rendered answer: a page or a redirect; `storedAt` in ms since the epoch.
 * The page is kept in each content coding it is sent in (issue 25): gzip and
 * brotli made once when it is rendered, the plain bytes made once on the
 * first ask of a client that takes neither (most never do, and they are five
 * times the size). No request compresses or unpacks a cached page. Each
 * coding has its own ETag: the bytes differ, and a cache in between must
 * never answer a gzip validator with the brotli bytes.
 */
export type CachedPage = {
  status: number;
  version: number;
  storedAt: number;
  location?: string;
  bodies: { gzip: Buffer; br: Buffer; identity?: Buffer };
  etags: Record<Coding, string>;
  /** The stored images (`/uploads/…` URLs) the page drew: new renditions of one drop only these pages (RenderCache.dropPagesShowing). */
  media?: ReadonlySet<string>;
  /** When the page goes out of date by itself (ms): a sale it shows ends (issue 28). Never served after it, not even stale. */
  expiresAt?: number;
  /** Surrogate keys of what the page shows (cdn/surrogate-keys.ts), sent for a CDN in front. */
  keys?: readonly string[];
};

/**
 * Quality 6 (decision 077): an uncached render waits for its codings, and at 45 kB quality 9 took ~11 ms
 * here against ~1–3 ms for 6, whose bytes are about 1 % larger.
 */
const BROTLI_QUALITY = 6;

/** Compressed off the main thread (zlib's thread pool): visitors are answered meanwhile. */
export async function makePage(version: number, status: number, html: string, location?: string): Promise<CachedPage> {
  const body = Buffer.from(html, 'utf8');
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(body, { level: 6 }),
    brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
  const tag = `${version.toString(36)}-${createHash('sha1').update(body).digest('base64url').slice(0, 20)}`;
  return {
    status,
    version,
    storedAt: Date.now(),
    ...(location ? { location } : {}),
    // An empty body (a redirect) is kept as it is: nothing to unpack later.
    bodies: { gzip: gzipped, br: brotli, ...(body.length === 0 ? { identity: body } : {}) },
    etags: { identity: `W/"${tag}"`, gzip: `W/"${tag}-gzip"`, br: `W/"${tag}-br"` },
  };
}

/** The page's bytes in `coding`; the plain ones are unpacked once, on the first ask, and kept. */
export function pageBody(page: CachedPage, coding: Coding = 'identity'): Buffer {
  if (coding !== 'identity') return page.bodies[coding];
  page.bodies.identity ??= gunzipSync(page.bodies.gzip);
  return page.bodies.identity;
}

const pageBytes = (page: CachedPage) => page.bodies.gzip.length + page.bodies.br.length + (page.bodies.identity?.length ?? 0);

/**
 * Rendered pages as Buffers by key, each remembering the content version it
 * was rendered at: an entry of an older version is stale, still good to serve
 * while its fresh render is made. Bounded by entries and bytes, least recently
 * used first out, so odd URLs cannot grow it without limit.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  /** The key last put at the recent end: asked again (a busy page), it is not moved again. */
  private newest: string | undefined;

  constructor(
    private readonly maxEntries = 1000,
    // Per worker: ~1,000 typical pages (10 kB gzip + 9 kB brotli each) with room for heavier ones and some plain copies.
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    // Re-inserted: Map order is the recency order.
    if (key !== this.newest) {
      this.pages.delete(key);
      this.pages.set(key, page);
      this.newest = key;
    }
    return page;
  }

  set(key: string, page: CachedPage): void {
    this.pages.delete(key);
    if (pageBytes(page) > this.maxBytes) return;
    this.pages.set(key, page);
    this.newest = key;
    // Summed afresh: a page grows when its plain bytes are first asked for. Once per render, ≤ maxEntries pages.
    let bytes = 0;
    for (const held of this.pages.values()) bytes += pageBytes(held);
    for (const [oldestKey, oldest] of this.pages) {
      if (this.pages.size <= this.maxEntries && bytes <= this.maxBytes) break;
      this.pages.delete(oldestKey);
      bytes -= pageBytes(oldest);
    }
  }

  /** Every kept page, without touching the recency order. */
  entries(): IterableIterator<[string, CachedPage]> {
    return this.pages.entries();
  }

  get size(): number {
    return this.pages.size;
  }
}
