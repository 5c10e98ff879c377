import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { partialFileName, removeDeadPartials } from './partial-files';

/**
 * Where uploaded files live. The app only ever names files by a generated key
 * (`<uuid>.<ext>`), so a store on local disk and one in an S3-compatible bucket
 * (decision 005, s3-media-store.ts) stand in for each other. Both answer
 * `/uploads/<key>` in `publicUrl`, so stored URLs do not depend on the store.
 */
export interface MediaStore {
  /** Stores a whole file held in memory. */
  save(key: string, data: Buffer, mimeType: string): Promise<void>;
  /**
   * Stores a file as it arrives, never holding it whole in memory. Resolves to
   * the number of bytes stored. If `source` throws (e.g. a size limit), nothing
   * is left under the key and the error is passed on.
   */
  saveStream(key: string, source: AsyncIterable<Uint8Array>, mimeType: string): Promise<number>;
  /** A whole stored file (images only: they are small enough), or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Removes a file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** The address browsers fetch the file from. */
  publicUrl(key: string): string;
  /** Every stored file with a flat generated name, and when it was last written (for the sweep, media-sweep.ts). */
  list(): AsyncIterable<StoredFile>;
}

export type StoredFile = { key: string; modifiedMs: number };

const YEAR_S = 365 * 24 * 60 * 60;
/**
 * Names are generated and never reused, so a file may be cached for a year, by browsers and a CDN
 * alike, and served by the CDN while the origin fails (decision 061).
 */
export const MEDIA_CACHE_CONTROL = `public, max-age=${YEAR_S}, s-maxage=${YEAR_S}, stale-while-revalidate=86400, stale-if-error=${YEAR_S}, immutable`;

/** Writes a stream to a file that must not exist yet; resolves to the number of bytes written. */
export async function writeToNewFile(source: AsyncIterable<Uint8Array>, file: string, mode = 0o644): Promise<number> {
  let bytes = 0;
  const counted = async function* () {
    for await (const chunk of source) {
      bytes += chunk.length;
      yield chunk;
    }
  };
  const out = fs.createWriteStream(file, { flags: 'wx', mode });
  try {
    await pipeline(Readable.from(counted()), out);
  } catch (error) {
    // A source that fails before the file is open: the stream still opens (creating the file) and then
    // closes. Waiting for that lets the caller's removal of the partial file come after it, not before.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    throw error;
  }
  return bytes;
}

const PARTIAL_PREFIX = '.partial-';

// Flat names only: no folders, no dot-files, nothing a path could climb out of.
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]+)?$/;

export const isValidKey = (key: string): boolean => KEY_PATTERN.test(key);

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
}

/** Files in one folder, served by the app itself under `/uploads/`. */
export class LocalDiskMediaStore implements MediaStore {
  constructor(
    readonly folder: string,
    private readonly urlPrefix = '/uploads/',
  ) {
    fs.mkdirSync(folder, { recursive: true });
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.folder, key);
  }

  // Files are written under a dot-name (never served) and renamed into place
  // when complete, so a half-written file is never visible at its public URL.
  private partialPath(): string {
    return path.join(this.folder, partialFileName(PARTIAL_PREFIX));
  }

  async save(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    const partial = this.partialPath();
    try {
      await fs.promises.writeFile(partial, data, { flag: 'wx' });
      await fs.promises.rename(partial, target);
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      throw error;
    }
  }

  async saveStream(key: string, source: AsyncIterable<Uint8Array>): Promise<number> {
    const target = this.pathOf(key);
    const partial = this.partialPath();
    try {
      const bytes = await writeToNewFile(source, partial);
      await fs.promises.rename(partial, target);
      return bytes;
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      throw error;
    }
  }

  /**
   * Deletes partial files left by a process that died mid-upload: at once when
   * it ran on this machine, else once old (another copy sharing this folder
   * may be writing it).
   */
  async removeStalePartials(olderThanMs = 24 * 60 * 60 * 1000): Promise<string[]> {
    return removeDeadPartials(this.folder, PARTIAL_PREFIX, olderThanMs);
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await fs.promises.readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  publicUrl(key: string): string {
    assertValidKey(key);
    return `${this.urlPrefix}${key}`;
  }

  async *list(): AsyncIterable<StoredFile> {
    const names = await fs.promises.readdir(this.folder).catch(() => [] as string[]);
    for (const key of names.filter(isValidKey)) {
      const stat = await fs.promises.stat(path.join(this.folder, key)).catch(() => undefined);
      if (stat?.isFile()) yield { key, modifiedMs: stat.mtimeMs };
    }
  }
}
