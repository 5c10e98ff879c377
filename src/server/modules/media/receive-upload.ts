import { createHash } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { Writer } from '../../content/changes';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../http/errors';
import type { MediaStore } from './media-store';
import { contentHashOf, findSameContent, winnerOfRace } from './media-content';
import { newMediaKey, recordMedia, type NewMedia, type StoredMedia } from './media.service';
import { SNIFF_BYTES, sniffType, type MediaKind } from './sniff-type';
import { stripImageMetadata } from './strip-metadata';
import { tooLargeText } from '../../../shared/upload-limits';

export type UploadPolicy = {
  accept: readonly MediaKind[];
  maxImageBytes: number;
  maxVideoBytes: number;
  /** Said when the bytes are not one of the accepted types. */
  unsupportedMessage: string;
};

const tooLarge = (kind: MediaKind, limit: number) => payloadTooLarge(tooLargeText(kind, limit));

/** The most bytes any accepted file may have, for the multipart parser's own cut-off. */
export function largestAllowed(policy: UploadPolicy): number {
  return Math.max(...policy.accept.map((kind) => (kind === 'image' ? policy.maxImageBytes : policy.maxVideoBytes)));
}

type ChunkIterator = AsyncIterator<Buffer>;

// The file stream is read through its iterator by hand and never abandoned
// half-way (which would destroy it and stall the rest of the form): a refused
// file is read to its end and thrown away.
async function drain(chunks: ChunkIterator): Promise<void> {
  try {
    while (!(await chunks.next()).done) {
      // discard
    }
  } catch {
    // The request itself failed; nothing left to read.
  }
}

async function readHead(chunks: ChunkIterator): Promise<{ head: Buffer[]; size: number; ended: boolean }> {
  const head: Buffer[] = [];
  let size = 0;
  while (size < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) return { head, size, ended: true };
    head.push(next.value);
    size += next.value.length;
  }
  return { head, size, ended: false };
}

/**
 * Reads one uploaded file, checks its type from its bytes and its size
 * against the limit of that type, and stores it under a generated name.
 * Images are re-encoded without metadata; videos are streamed to the store
 * as sent. Nothing is left behind when it fails.
 */
export async function receiveUpload(part: MultipartFile, policy: UploadPolicy, store: MediaStore, writer: Writer): Promise<StoredMedia> {
  const chunks: ChunkIterator = part.file[Symbol.asyncIterator]();
  try {
    const { head, size, ended } = await readHead(chunks);
    if (size === 0) throw badRequest(`${part.fieldname}: the file is empty`);
    const type = sniffType(Buffer.concat(head));
    if (!type || !policy.accept.includes(type.kind)) throw unsupportedMediaType(policy.unsupportedMessage);
    const limit = type.kind === 'image' ? policy.maxImageBytes : policy.maxVideoBytes;
    const key = newMediaKey(type);

    if (type.kind === 'image') {
      // Images are small enough to hold in memory, and sharp needs the whole file.
      const buffered = [...head];
      let total = size;
      while (!ended) {
        if (total > limit) throw tooLarge('image', limit);
        const next = await chunks.next();
        if (next.done) break;
        buffered.push(next.value);
        total += next.value.length;
      }
      if (total > limit) throw tooLarge('image', limit);
      const clean = await stripImageMetadata(Buffer.concat(buffered), type);
      // The stored bytes are hashed: re-encoding is deterministic, so the same file gives the same bytes (decision 059).
      const contentHash = contentHashOf(clean.data);
      const same = await findSameContent(writer.db, store, { contentHash, sizeBytes: clean.data.length, mimeType: type.mimeType });
      if (same) return same;
      await store.save(key, clean.data, type.mimeType);
      return await recordOrRemove(writer, store, {
        key,
        mimeType: type.mimeType,
        sizeBytes: clean.data.length,
        originalName: part.filename,
        width: clean.width,
        height: clean.height,
        contentHash,
      });
    }

    // Videos go to the store chunk by chunk (hashed on the way); the store removes its partial file if this throws.
    const hash = createHash('sha256');
    async function* body() {
      let total = 0;
      for (const chunk of head) {
        total += chunk.length;
        hash.update(chunk);
        yield chunk;
      }
      while (!ended) {
        if (total > limit) throw tooLarge('video', limit);
        const next = await chunks.next();
        if (next.done) break;
        total += next.value.length;
        hash.update(next.value);
        yield next.value;
      }
      if (total > limit) throw tooLarge('video', limit);
    }
    const sizeBytes = await store.saveStream(key, body(), type.mimeType);
    const contentHash = hash.digest('hex');
    const same = await findSameContent(writer.db, store, { contentHash, sizeBytes, mimeType: type.mimeType }).catch(async (error: unknown) => {
      await store.remove(key);
      throw error;
    });
    if (same) {
      await store.remove(key);
      return same;
    }
    return await recordOrRemove(writer, store, { key, mimeType: type.mimeType, sizeBytes, originalName: part.filename, contentHash });
  } catch (error) {
    await drain(chunks);
    throw error;
  }
}

/** Records the stored file; if the same bytes were recorded by a parallel upload meanwhile, answers that item instead. */
async function recordOrRemove(writer: Writer, store: MediaStore, file: NewMedia): Promise<StoredMedia> {
  try {
    return await recordMedia(writer, store, file);
  } catch (error) {
    await store.remove(file.key);
    const winner = await winnerOfRace(writer.db, error, file.contentHash);
    if (winner) return winner;
    throw error;
  }
}
