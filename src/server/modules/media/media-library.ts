import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { afterKey, containsPattern, toPage, type KeyColumn } from '../../db/paging';
import { decodeCursor } from '../../http/cursor';
import type { MediaRow } from '../../db/schema';
import { parseJson } from '../../db/json';
import type { MediaVariant } from '../../../shared/media';
import type { MediaItem, MediaPatch, MediaUsage } from '../../../shared/schemas/media';
import type { Page } from '../../../shared/schemas/list';
import { describeUsages, findUsages } from './media-usage';
import { conflict, notFound } from '../../http/errors';
import type { Writer } from '../../content/changes';
import { write } from '../../content/write';

export type MediaQuery = { q?: string | undefined; type?: 'image' | 'video' | undefined };
export type MediaPageQuery = MediaQuery & { limit: number; cursor?: string | undefined };

export const MEDIA_NOT_FOUND = 'Media item not found';

function toItem(row: MediaRow, usedBy: MediaUsage[]): MediaItem {
  return {
    id: row.id,
    url: row.url,
    type: row.mime_type.startsWith('video/') ? 'video' : 'image',
    mime: row.mime_type,
    bytes: Number(row.size_bytes),
    width: row.width,
    height: row.height,
    alt: row.alt,
    createdAt: row.created_at,
    usedBy,
    name: row.original_name,
    decorative: row.decorative === 1,
    focalPoint: { x: row.focal_x, y: row.focal_y },
    variantsStatus: row.variants_status,
    placeholder: row.placeholder,
  };
}

async function withUsages(db: Db, rows: MediaRow[]): Promise<MediaItem[]> {
  const usages = await findUsages(db, rows.map((row) => row.url));
  return rows.map((row) => toItem(row, usages.get(row.url) ?? []));
}

// Newest first; the cursor is the last item's (created_at, id).
const ORDER: KeyColumn[] = [
  { column: 'created_at', direction: 'desc' },
  { column: 'id', direction: 'desc' },
];
const CursorKey = z.tuple([z.string(), z.string()]);

function filtered(db: Db, query: MediaQuery) {
  let select = db.selectFrom('media');
  if (query.type) select = select.where('mime_type', 'like', `${query.type}/%`);
  const q = query.q?.trim().toLowerCase();
  if (q) {
    const pattern = containsPattern(q);
    // SQLite has no default LIKE escape character; naming one works in both dialects.
    // The stored name counts as a file name too: media from before the library have no uploaded name.
    select = select.where(
      sql<boolean>`(lower(original_name) like ${pattern} escape '\\' or lower(alt) like ${pattern} escape '\\' or lower(storage_key) like ${pattern} escape '\\')`,
    );
  }
  return select;
}

/** Every item matching the filters, newest first (the list route without paging parameters). */
export async function listMedia(db: Db, query: MediaQuery): Promise<MediaItem[]> {
  const rows = await filtered(db, query).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return withUsages(db, rows);
}

/** One page of the library and the cursor of the next (the paging contract, decision 006). */
export async function listMediaPage(db: Db, query: MediaPageQuery): Promise<Page<MediaItem>> {
  let select = filtered(db, query);
  if (query.cursor) select = select.where(afterKey(ORDER, decodeCursor(query.cursor, CursorKey)));
  const [rows, counted] = await Promise.all([
    select.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit + 1).execute(),
    filtered(db, query).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const page = toPage(rows, query.limit, (row) => [row.created_at, row.id], (row) => row, Number(counted.total));
  return { ...page, items: await withUsages(db, page.items) };
}

export async function findMediaRow(db: Db, id: string): Promise<MediaRow | undefined> {
  return db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function getMediaItem(db: Db, id: string): Promise<MediaItem | undefined> {
  const row = await findMediaRow(db, id);
  return row ? (await withUsages(db, [row]))[0] : undefined;
}

/** Saves alt text, the decorative flag and the focal point in one write (pages print the alt text); a new focal point queues the crops again. Throws 404. */
export async function updateMedia(writer: Writer, id: string, patch: MediaPatch): Promise<{ item: MediaItem; requeued: boolean }> {
  return write(writer, { type: 'media', action: 'update', id }, async (trx) => {
    const row = await findMediaRow(trx, id);
    if (!row) throw notFound(MEDIA_NOT_FOUND);
    const before = (await withUsages(trx, [row]))[0];
    const { requeued } = await patchMedia(trx, row, patch);
    const after = (await getMediaItem(trx, id))!;
    return { result: { item: after, requeued }, before, after };
  });
}

/** Deletes an item's row in one write, unless content uses it (409, saying where); its files are the caller's to remove. Throws 404 / 409. */
export async function deleteMedia(writer: Writer, id: string): Promise<MediaRow> {
  return write(writer, { type: 'media', action: 'delete', id }, async (trx) => {
    const row = await findMediaRow(trx, id);
    if (!row) throw notFound(MEDIA_NOT_FOUND);
    const before = (await withUsages(trx, [row]))[0]!;
    if (before.usedBy.length > 0) throw conflict(`This file is in use and cannot be deleted. Used by: ${describeUsages(before.usedBy)}`);
    await trx.deleteFrom('media').where('id', '=', row.id).execute();
    return { result: row, before, after: null };
  });
}

async function patchMedia(db: Db, row: MediaRow, patch: MediaPatch): Promise<{ requeued: boolean }> {
  const focalMoved = patch.focalPoint !== undefined && (patch.focalPoint.x !== row.focal_x || patch.focalPoint.y !== row.focal_y);
  const requeue = focalMoved && row.mime_type.startsWith('image/');
  await db
    .updateTable('media')
    .set({
      ...(patch.alt !== undefined ? { alt: patch.alt } : {}),
      ...(patch.decorative !== undefined ? { decorative: patch.decorative ? 1 : 0 } : {}),
      ...(patch.focalPoint ? { focal_x: patch.focalPoint.x, focal_y: patch.focalPoint.y } : {}),
      ...(requeue ? { variants_status: 'pending', variants_attempts: 0 } : {}),
    })
    .where('id', '=', row.id)
    .execute();
  return { requeued: requeue };
}

/** The stored keys of an item: its original and every rendition. */
export const storedKeys = (row: MediaRow) => [row.storage_key, ...parseJson<MediaVariant[]>(row.variants, []).map((variant) => variant.key)];
