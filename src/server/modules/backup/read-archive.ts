import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { BACKUP_FORMAT, BACKUP_VERSION, MANIFEST_PATH, type Manifest } from './archive-format';
import { DamagedArchiveError } from './archive-errors';
import { SIGNATURE_PATH, checkSignature } from './archive-signature';
import { MEDIA_HEAD_BYTES, mediaFileProblem } from './restorable-media';

export { DamagedArchiveError };

type EntryHandler = (name: string, size: number, stream: Readable) => Promise<void>;

/** Walks the entries of a .tar.gz in order, handing each to `onEntry` as a stream. */
export async function walkArchive(file: string, onEntry: EntryHandler): Promise<void> {
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    if (header.type !== 'file') {
      stream.resume();
      stream.on('end', next);
      return;
    }
    onEntry(header.name, header.size ?? 0, stream as unknown as Readable).then(
      () => {
        // A handler that did not read the entry still lets the walk go on.
        stream.resume();
        next();
      },
      (error: Error) => extract.destroy(error),
    );
  });
  await pipeline(fs.createReadStream(file), createGunzip(), extract);
}

/**
 * Reads the whole archive once, hashing every entry and looking at the first
 * bytes of every media file, and checks it against its manifest and, with
 * BACKUP_KEY, its signature: nothing is restored from an archive that fails here.
 */
export async function verifyArchive(file: string, options: { backupKey?: string | undefined } = {}): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  const refusedMedia: string[] = [];
  let manifestBytes: Buffer | undefined;
  let signature: Buffer | undefined;
  try {
    await walkArchive(file, async (name, _size, stream) => {
      const hash = createHash('sha256');
      const chunks: Buffer[] = [];
      const keep = name === MANIFEST_PATH || name === SIGNATURE_PATH;
      const isMedia = name.startsWith('media/');
      let head = Buffer.alloc(0);
      let size = 0;
      for await (const chunk of stream) {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (keep) chunks.push(chunk as Buffer);
        if (isMedia && head.length < MEDIA_HEAD_BYTES) head = Buffer.concat([head, chunk as Buffer]).subarray(0, MEDIA_HEAD_BYTES);
      }
      if (name === MANIFEST_PATH) manifestBytes = Buffer.concat(chunks);
      else if (name === SIGNATURE_PATH) signature = Buffer.concat(chunks);
      else seen.set(name, { size, sha256: hash.digest('hex') });
      const problem = isMedia ? mediaFileProblem(name.slice('media/'.length), head) : null;
      if (problem) refusedMedia.push(`${name} (${problem})`);
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    throw new DamagedArchiveError(`The archive cannot be read (${(error as Error).message}); it is damaged or not a Showcase backup.`);
  }
  if (!manifestBytes) throw new DamagedArchiveError('The archive has no manifest; it is damaged or not a Showcase backup.');
  checkSignature(options.backupKey, manifestBytes, signature);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8')) as Manifest;
  } catch {
    throw new DamagedArchiveError('The archive manifest is not valid JSON; the archive is damaged.');
  }
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.files)) throw new DamagedArchiveError('This is not a Showcase backup archive.');
  if (manifest.version > BACKUP_VERSION) throw new DamagedArchiveError(`The archive is format version ${manifest.version}; this version of Showcase reads up to ${BACKUP_VERSION}.`);
  const problems: string[] = [];
  for (const expected of manifest.files) {
    const actual = seen.get(expected.path);
    if (!actual) problems.push(`${expected.path} is missing`);
    else if (actual.size !== expected.size || actual.sha256 !== expected.sha256) problems.push(`${expected.path} does not match its checksum`);
    seen.delete(expected.path);
  }
  for (const extra of seen.keys()) problems.push(`${extra} is not in the manifest`);
  if (problems.length > 0) throw new DamagedArchiveError(`The archive is damaged: ${listed(problems)}. Nothing was changed.`);
  // A backup holds only what uploads made: anything else means the archive was edited or is not ours.
  if (refusedMedia.length > 0) {
    throw new DamagedArchiveError(`The archive holds media files no upload could have made: ${listed(refusedMedia)}. Nothing was changed.`);
  }
  return manifest;
}

const listed = (problems: string[]) => problems.slice(0, 5).join('; ') + (problems.length > 5 ? `; and ${problems.length - 5} more` : '');
