import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { MediaRow } from '../../db/schema';
import type { MediaStore } from './media-store';
import type { NewMedia, StoredMedia } from './media.service';

/** Rows from before content hashes compared per upload at most; same-size files of one type are rare. */
const MAX_UNHASHED_COMPARED = 20;

export const contentHashOf = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

const asExisting = (row: MediaRow): StoredMedia => ({
  id: row.id,
  url: row.url,
  key: row.storage_key,
  mimeType: row.mime_type,
  sizeBytes: Number(row.size_bytes),
  originalName: row.original_name,
  ...(row.width === null ? {} : { width: row.width }),
  ...(row.height === null ? {} : { height: row.height }),
  contentHash: row.content_hash ?? undefined,
  existing: true,
});

const byHash = (db: Db, contentHash: string) => db.selectFrom('media').selectAll().where('content_hash', '=', contentHash).executeTakeFirst();

/**
 * The library item that already holds these bytes (decision 059), or null. Rows stored before
 * hashes were kept are hashed here, lazily: those of the same size and type are read back and get
 * their hash, so each old file is read at most once. Old videos are not read back (too large to
 * hold whole): a video from before stays a separate item.
 */
export async function findSameContent(db: Db, store: MediaStore, file: Pick<NewMedia, 'sizeBytes' | 'mimeType'> & { contentHash: string }): Promise<StoredMedia | null> {
  const hashed = await byHash(db, file.contentHash);
  if (hashed) return asExisting(hashed);
  if (!file.mimeType.startsWith('image/')) return null;
  const unhashed = await db
    .selectFrom('media')
    .selectAll()
    .where('size_bytes', '=', file.sizeBytes)
    .where('mime_type', '=', file.mimeType)
    .where('content_hash', 'is', null)
    .limit(MAX_UNHASHED_COMPARED)
    .execute();
  for (const row of unhashed) {
    const data = await store.read(row.storage_key);
    if (!data) continue;
    const contentHash = contentHashOf(data);
    try {
      await db.updateTable('media').set({ content_hash: contentHash }).where('id', '=', row.id).where('content_hash', 'is', null).execute();
    } catch (error) {
      // An older twin of this row holds the hash already: this one stays unhashed, and is not the one answered.
      if (!isUniqueViolation(error)) throw error;
      continue;
    }
    if (contentHash === file.contentHash) return asExisting({ ...row, content_hash: contentHash });
  }
  return null;
}

/**
 * After a failed insert: when another upload of the same bytes was recorded a moment before
 * (the unique hash refused this row), that item; else null.
 */
export async function winnerOfRace(db: Db, error: unknown, contentHash: string | undefined): Promise<StoredMedia | null> {
  if (!contentHash || !isUniqueViolation(error)) return null;
  const winner = await byHash(db, contentHash);
  return winner ? asExisting(winner) : null;
}
