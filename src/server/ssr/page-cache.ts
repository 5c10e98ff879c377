import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/** `gzip` is compressed once when the page is cached, not on every request; `storedAt` in ms since the epoch. */
export type CachedPage = { status: number; body: Buffer; gzip: Buffer; etag: string; version: number; storedAt: number };

export const gzipPage = (body: Buffer) => gzipSync(body, { level: 6 });

/**
 * Rendered pages as Buffers, keyed by URL, valid for one content version
 * (every write moves it, DESIGN.md §1 and §6). Bounded by entries and bytes,
 * least recently used first out, so odd URLs cannot grow it without limit.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 1000,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  get(url: string, version: number): CachedPage | undefined {
    const page = this.pages.get(url);
    if (!page) return undefined;
    this.remove(url);
    if (page.version !== version) return undefined;
    this.pages.set(url, page);
    this.bytes += page.body.length + page.gzip.length;
    return page;
  }

  set(url: string, version: number, status: number, html: string): CachedPage {
    const body = Buffer.from(html, 'utf8');
    const etag = `W/"${version.toString(36)}-${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
    const page = { status, body, gzip: gzipPage(body), etag, version, storedAt: Date.now() };
    this.remove(url);
    if (body.length > this.maxBytes) return page;
    this.pages.set(url, page);
    this.bytes += body.length + page.gzip.length;
    for (const [key, oldest] of this.pages) {
      if (this.pages.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.pages.delete(key);
      this.bytes -= oldest.body.length + oldest.gzip.length;
    }
    return page;
  }

  private remove(url: string): void {
    const page = this.pages.get(url);
    if (!page) return;
    this.pages.delete(url);
    this.bytes -= page.body.length + page.gzip.length;
  }

  get size(): number {
    return this.pages.size;
  }
}
