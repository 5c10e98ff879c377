import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/json';
import { LocalDiskMediaStore, type MediaStore } from './media-store';
import type { SniffedType } from './sniff-type';

/** The media store the configuration asks for (only local disk so far). */
export function createMediaStore(config: Pick<Config, 'mediaDir'>): MediaStore {
  return new LocalDiskMediaStore(config.mediaDir);
}

/** A generated, unguessable name; the extension follows the detected type, never the upload's name. */
export const newMediaKey = (type: Pick<SniffedType, 'extension'>) => `${randomUUID()}.${type.extension}`;

export type StoredMedia = { id: string; key: string; url: string; mimeType: string; sizeBytes: number };

/** Records a stored file in the media table, so every file the app serves is accounted for. */
export async function recordMedia(
  db: Db,
  store: MediaStore,
  file: { key: string; mimeType: string; sizeBytes: number },
): Promise<StoredMedia> {
  const media: StoredMedia = { id: randomUUID(), url: store.publicUrl(file.key), ...file };
  await db
    .insertInto('media')
    .values({
      id: media.id,
      url: media.url,
      storage_key: media.key,
      mime_type: media.mimeType,
      size_bytes: media.sizeBytes,
      created_at: nowIso(),
    })
    .execute();
  return media;
}

export async function forgetMedia(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.deleteFrom('media').where('storage_key', 'in', keys).execute();
}
