import path from 'node:path';
import type { Db } from '../../db/database';
import type { Writer } from '../../content/changes';
import { HttpError } from '../../http/errors';
import type { MediaStore } from '../media/media-store';
import { contentHashOf, findSameContent } from '../media/media-content';
import { newMediaKey, recordMedia } from '../media/media.service';
import { sniffType, type SniffedType } from '../media/sniff-type';
import { stripImageMetadata } from '../media/strip-metadata';
import { tooLargeText } from '../../../shared/upload-limits';
import { MediaZip, MediaZipError } from './media-zip';

/** Why an image named by a row cannot be taken: an error of that row's image column. */
export class ImageRefused extends Error {}

/** Where images named by a file may come from besides their URLs (issue 31). */
export type ImageSources = {
  /** A zip beside the file: images named by file name (or a URL whose file name it holds) are taken from it. */
  zipPath?: string | undefined;
  /** `--fetch-images` (command line only): the bytes at an http(s) URL, checked by fetch-image.ts. */
  fetch?: ((url: string) => Promise<Buffer>) | undefined;
};

/** A new image, checked and re-encoded, stored under `key` (unless a dry run) and recorded when the import is applied. */
type Pending = { key: string; type: SniffedType; sizeBytes: number; width: number; height: number; contentHash: string; originalName: string };

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const GENERATED_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]+$/;

/** The file name a URL ends in, without its query. */
function urlFileName(src: string): string {
  try {
    return decodeURIComponent(path.posix.basename(new URL(src).pathname));
  } catch {
    return '';
  }
}

/**
 * The images of an import going through the upload pipeline: the bytes (from
 * the zip or fetched) must be an image within the upload size and pixel
 * limits, are re-encoded without metadata, and the same bytes as a library
 * item are that item (decision 059), so a second import of the same zip
 * changes nothing. New images get their media key while the file is checked
 * (the product is compared and saved with their final URL) and their file is
 * stored then, once (no copy in a temporary folder read back later); they are
 * recorded in the library only when the import is applied, and their files
 * removed again when it is not (`close` without `keep`). A dry run stores
 * nothing. Recorded images join the variant queue like uploads.
 */
export class ImportImages {
  private readonly found = new Map<string, Promise<string>>();
  private readonly byHash = new Map<string, Promise<string>>();
  private readonly pending: Pending[] = [];
  private readonly stored: string[] = [];
  private kept = false;
  private settled = 0;

  private constructor(
    private readonly ctx: { db: Db; store: MediaStore; maxImageBytes: number },
    private readonly zip: MediaZip | undefined,
    private readonly fetch: ImageSources['fetch'],
    private readonly dryRun: boolean,
  ) {}

  /** Opens the sources; a zip that is refused as a whole throws MediaZipError. `dryRun` stores nothing. */
  static async open(ctx: { db: Db; store: MediaStore; maxImageBytes: number }, sources: ImageSources, dryRun: boolean): Promise<ImportImages> {
    const zip = sources.zipPath ? await MediaZip.open(sources.zipPath, ctx.maxImageBytes) : undefined;
    return new ImportImages(ctx, zip, sources.fetch, dryRun);
  }

  /** The address a product will carry for an image the file names as `src`; throws ImageRefused. */
  async resolve(src: string): Promise<string> {
    const source = this.sourceOf(src);
    if (!source) return src;
    const key = `${source.kind}:${source.name}`;
    let url = this.found.get(key);
    if (!url) {
      url = this.take(source);
      this.found.set(key, url);
      const count = () => {
        this.settled += 1;
      };
      void url.then(count, count);
    }
    return url;
  }

  /** How many images have been taken (checked, re-encoded and, unless a dry run, stored) or refused so far. */
  get taken(): number {
    return this.settled;
  }

  /** The source an image named as `src` is taken from, one key per source; undefined when it stays at its address or is refused. */
  sourceKey(src: string): string | undefined {
    try {
      const source = this.sourceOf(src);
      return source && `${source.kind}:${source.name}`;
    } catch {
      return undefined;
    }
  }

  private sourceOf(src: string): { kind: 'zip' | 'url'; name: string } | undefined {
    // A site path (`/uploads/…`, as an export names its media) is taken from the zip when it holds that file.
    if (src.startsWith('/')) {
      const name = path.posix.basename(src.split(/[?#]/)[0]!);
      return this.zip && name && this.zip.has(name) ? { kind: 'zip', name } : undefined;
    }
    if (SCHEME.test(src)) {
      const name = urlFileName(src);
      if (this.zip && name && this.zip.has(name)) return { kind: 'zip', name };
      if (this.fetch && /^https?:/i.test(src)) return { kind: 'url', name: src };
      return undefined;
    }
    // A bare file name (or a path inside the zip): only the zip can have it.
    if (!this.zip) throw new ImageRefused(`“${src}” is a file name: send the media zip holding it`);
    return { kind: 'zip', name: path.posix.basename(src.replace(/\\/g, '/')) };
  }

  private async take(source: { kind: 'zip' | 'url'; name: string }): Promise<string> {
    let bytes: Buffer;
    try {
      bytes = source.kind === 'zip' ? await this.zip!.read(source.name) : await this.fetch!(source.name);
    } catch (error) {
      if (error instanceof MediaZipError) throw new ImageRefused(error.message);
      throw new ImageRefused((error as Error).message);
    }
    const type = sniffType(bytes);
    if (!type || type.kind !== 'image') throw new ImageRefused(`${source.name}: not a JPEG, PNG, WebP, GIF or AVIF image`);
    if (bytes.length > this.ctx.maxImageBytes) throw new ImageRefused(`${source.name}: ${tooLargeText('image', this.ctx.maxImageBytes)}`);
    let clean: Awaited<ReturnType<typeof stripImageMetadata>>;
    try {
      // libjpeg-turbo rather than mozjpeg: an import re-encodes thousands of images (issue 31's speed).
      clean = await stripImageMetadata(bytes, type, { fast: true });
    } catch (error) {
      if (error instanceof HttpError) throw new ImageRefused(`${source.name}: ${error.message}`);
      throw error;
    }
    const contentHash = contentHashOf(clean.data);
    // Claimed before anything is awaited: images checked side by side with the same bytes share one item.
    let claim = this.byHash.get(contentHash);
    if (!claim) {
      claim = this.claim(source, type, clean, contentHash);
      this.byHash.set(contentHash, claim);
    }
    return claim;
  }

  /** The URL of these checked bytes: the library item holding them already, or a new image waiting to be stored. */
  private async claim(source: { kind: 'zip' | 'url'; name: string }, type: SniffedType, clean: Awaited<ReturnType<typeof stripImageMetadata>>, contentHash: string): Promise<string> {
    const same = await findSameContent(this.ctx.db, this.ctx.store, { contentHash, sizeBytes: clean.data.length, mimeType: type.mimeType });
    if (same) return same.url;
    const key = (await this.keptKey(source, type)) ?? newMediaKey(type);
    const originalName = source.kind === 'zip' ? source.name : urlFileName(source.name);
    // Claimed before the file is written, so an image of the same name checked meanwhile gets a key of its own.
    this.pending.push({ key, type, sizeBytes: clean.data.length, width: clean.width, height: clean.height, contentHash, originalName });
    if (!this.dryRun) {
      this.stored.push(key);
      await this.ctx.store.save(key, clean.data, type.mimeType);
    }
    return this.ctx.store.publicUrl(key);
  }

  /**
   * A file of the zip named as this site names its media (`<uuid>.<ext>`, as `export --with-media` writes
   * them) keeps its name when the site has no file of that name: a catalogue moved to an empty site with its
   * zip shows its images at the same addresses.
   */
  private async keptKey(source: { kind: 'zip' | 'url'; name: string }, type: SniffedType): Promise<string | undefined> {
    if (source.kind !== 'zip' || !GENERATED_KEY.test(source.name) || !source.name.endsWith(`.${type.extension}`)) return undefined;
    if (this.pending.some((image) => image.key === source.name)) return undefined;
    const taken = await this.ctx.db.selectFrom('media').select('id').where('storage_key', '=', source.name).executeTakeFirst();
    return taken ? undefined : source.name;
  }

  /** How many new images the import stores (or, on a dry run, would store). */
  get newImages(): number {
    return this.pending.length;
  }

  /** Records the stored images in the import's transaction: they join the variant queue. */
  async recordAll(writer: Writer): Promise<void> {
    for (const image of this.pending) {
      await recordMedia(writer, this.ctx.store, {
        key: image.key,
        mimeType: image.type.mimeType,
        sizeBytes: image.sizeBytes,
        originalName: image.originalName,
        width: image.width,
        height: image.height,
        contentHash: image.contentHash,
      });
    }
  }

  /** The import was applied: its stored files are the library's now. */
  keep(): void {
    this.kept = true;
  }

  /** Closes the zip; the files of an import that was not applied (errors, a failed transaction) are removed again. */
  async close(): Promise<void> {
    this.zip?.close();
    if (!this.kept) await Promise.all(this.stored.splice(0).map((key) => this.ctx.store.remove(key).catch(() => undefined)));
  }
}
