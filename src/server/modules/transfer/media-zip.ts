import path from 'node:path';
import yauzl from 'yauzl';

/** What a media zip beside an import may hold (issue 31): limits checked on its directory before a byte is unpacked. */
export const ZIP_LIMITS = {
  /** Entries (files and folders) in one zip. */
  entries: 20_000,
  /** All files unpacked together: a zip bomb stops here. */
  totalBytes: 4 * 1024 * 1024 * 1024,
};

/** Why a media zip is refused as a whole. */
export class MediaZipError extends Error {}

type Entry = yauzl.Entry;

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** A name that would leave the folder it is unpacked into: absolute, a drive, or a `..` part. */
export const leavesFolder = (name: string) => {
  const parts = name.split(/[\\/]/);
  return name.startsWith('/') || name.startsWith('\\') || /^[a-z]:/i.test(name) || parts.includes('..');
};

const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    // Entries one at a time (lazyEntries), their sizes checked against the data as it is inflated (validateEntrySizes).
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: true, strictFileNames: false }, (error, zip) => (error ? reject(error) : resolve(zip))),
  );

/**
 * A media zip, its directory read and checked: no name that leaves the zip's
 * folder, no symbolic link, no file above `maxFileBytes` (the upload limit),
 * at most ZIP_LIMITS.entries entries and ZIP_LIMITS.totalBytes unpacked. Files
 * are found by their name without folders; a file is read streamed, stopping
 * at its declared size (a lying header stops the read).
 */
export class MediaZip {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly byName: Map<string, Entry[]>,
    private readonly maxFileBytes: number,
  ) {}

  static async open(file: string, maxFileBytes: number): Promise<MediaZip> {
    let zip: yauzl.ZipFile;
    try {
      zip = await openZip(file);
    } catch (error) {
      throw new MediaZipError(`the media file is not a zip archive (${(error as Error).message})`);
    }
    try {
      if (zip.entryCount > ZIP_LIMITS.entries) throw new MediaZipError(`the media zip holds ${zip.entryCount} entries; at most ${ZIP_LIMITS.entries} are read`);
      const byName = new Map<string, Entry[]>();
      let total = 0;
      await new Promise<void>((resolve, reject) => {
        zip.on('error', (error: Error) =>
          reject(error instanceof MediaZipError ? error : new MediaZipError(/relative path|absolute path/i.test(error.message) ? `a file name leaves the zip’s folder (${error.message})` : `the media zip cannot be read (${error.message})`)),
        );
        zip.on('end', () => resolve());
        zip.on('entry', (entry: Entry) => {
          try {
            const name = entry.fileName;
            if (leavesFolder(name)) throw new MediaZipError(`${name}: a file name leaves the zip’s folder`);
            if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) throw new MediaZipError(`${name}: symbolic links are not read`);
            if (!name.endsWith('/')) {
              if (entry.uncompressedSize > maxFileBytes) throw new MediaZipError(`${name}: larger than the upload limit (${maxFileBytes} bytes)`);
              total += entry.uncompressedSize;
              if (total > ZIP_LIMITS.totalBytes) throw new MediaZipError(`the media zip unpacks to more than ${ZIP_LIMITS.totalBytes} bytes`);
              const base = path.posix.basename(name.replace(/\\/g, '/'));
              byName.set(base, [...(byName.get(base) ?? []), entry]);
            }
            zip.readEntry();
          } catch (error) {
            reject(error);
          }
        });
        zip.readEntry();
      });
      return new MediaZip(zip, byName, maxFileBytes);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /** Whether the zip holds a file of this name (without folders). */
  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** The bytes of the file of this name; throws MediaZipError when there is none or several. */
  async read(name: string): Promise<Buffer> {
    const entries = this.byName.get(name) ?? [];
    if (entries.length === 0) throw new MediaZipError(`no file “${name}” in the media zip`);
    if (entries.length > 1) throw new MediaZipError(`several files named “${name}” in the media zip`);
    const entry = entries[0]!;
    const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) => this.zip.openReadStream(entry, (error, readable) => (error ? reject(error) : resolve(readable))));
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > this.maxFileBytes || size > entry.uncompressedSize) throw new MediaZipError(`${entry.fileName}: larger than it says`);
        chunks.push(chunk);
      }
    } catch (error) {
      (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      if (error instanceof MediaZipError) throw error;
      throw new MediaZipError(`${entry.fileName}: cannot be unpacked (${(error as Error).message})`);
    }
    return Buffer.concat(chunks);
  }

  close(): void {
    this.zip.close();
  }
}
