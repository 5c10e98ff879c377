import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Writer } from '../../content/changes';
import { write } from '../../content/write';
import { nowIso } from '../../db/json';
import { LocalDiskMediaStore, type MediaStore } from './media-store';
import { S3MediaStore } from './s3-media-store';
import type { SniffedType } from './sniff-type';

// One bucket client per configuration: the uploads, the seeder and /uploads share its pooled connections.
const s3Stores = new WeakMap<object, S3MediaStore>();

/** The media store the configuration asks for: an S3-compatible bucket when S3_BUCKET is set, else local disk. */
export function createMediaStore(config: Pick<Config, 'mediaDir' | 's3'>): MediaStore {
  if (!config.s3) return new LocalDiskMediaStore(config.mediaDir);
  let store = s3Stores.get(config.s3);
  if (!store) {
    store = new S3MediaStore(config.s3);
    s3Stores.set(config.s3, store);
  }
  return store;
}

/** A generated, unguessable name; the extension follows the detected type, never the upload's name. */
export const newMediaKey = (type: Pick<SniffedType, 'extension'>) => `${randomUUID()}.${type.extension}`;

export type NewMedia = {
  key: string;
  mimeType: string;
  sizeBytes: number;
  originalName?: string;
  width?: number;
  height?: number;
  /** SHA-256 of the stored bytes (media-content.ts); none for files recorded without one (the demo seed). */
  contentHash?: string;
};
/** `existing`: the same bytes were in the library already, and this is that item (nothing new was stored). */
export type StoredMedia = NewMedia & { id: string; url: string; existing?: boolean };

/** Keeps a file name for search only: no folders, no control characters, not too long. */
const cleanName = (name = '') =>
  [...(name.split(/[\\/]/).pop() ?? '')]
    .filter((char) => char >= ' ' && char !== '\u007f')
    .join('')
    .slice(0, 200);

/**
 * Records a stored file in the media table, in one write (content/write.ts),
 * so every file the app serves is accounted for; an image joins the variant
 * queue (variant-queue.ts).
 */
export async function recordMedia(writer: Writer, store: MediaStore, file: NewMedia): Promise<StoredMedia> {
  const media: StoredMedia = { id: randomUUID(), url: store.publicUrl(file.key), ...file };
  const image = file.mimeType.startsWith('image/');
  const { id, url, mimeType, sizeBytes } = media;
  return write(writer, { type: 'media', action: 'create', id }, async (trx) => {
    await insertMediaRow(trx, media, image);
    return { result: media, before: null, after: { id, url, mimeType, sizeBytes } };
  });
}

async function insertMediaRow(db: Db, media: StoredMedia, image: boolean): Promise<void> {
  await db
    .insertInto('media')
    .values({
      id: media.id,
      url: media.url,
      storage_key: media.key,
      mime_type: media.mimeType,
      size_bytes: media.sizeBytes,
      created_at: nowIso(),
      original_name: cleanName(media.originalName),
      alt: '',
      decorative: 0,
      width: media.width ?? null,
      height: media.height ?? null,
      placeholder: '',
      focal_x: 0.5,
      focal_y: 0.5,
      variants: '[]',
      variants_status: image ? 'pending' : 'none',
      variants_claimed_at: null,
      variants_attempts: 0,
      content_hash: media.contentHash ?? null,
    })
    .execute();
}

/** Takes back the rows of an upload request that failed part way (upload.routes.ts): its files were never handed out. */
export async function forgetMedia(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.deleteFrom('media').where('storage_key', 'in', keys).execute();
}
