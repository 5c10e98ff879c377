import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { MediaStore } from './media-store';

const DAY_MS = 24 * 60 * 60 * 1000;

export type SweepResult = {
  /** Files no media row accounts for: reported, removed once older than the grace period. */
  orphanFiles: { name: string; removed: boolean }[];
  /** Media rows whose file is gone: reported, forgotten once older than the grace period. */
  missingFiles: { key: string; forgotten: boolean }[];
};

// Keys are `<uuid>.<ext>`; files derived from one (resized variants) start with the same uuid.
const UUID_PREFIX = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const ownerOf = (name: string) => UUID_PREFIX.exec(name)?.[0].toLowerCase() ?? name;

/**
 * Reconciles the media store (a local folder or an S3 bucket) with the media
 * table. A crash between storing a file and recording it (or between
 * forgetting a row and removing its file) leaves one without the other.
 * Young ones are only reported: an upload may be between its two steps right
 * now, in this copy or another one sharing the store.
 */
export async function sweepMedia(db: Db, store: MediaStore, log: FastifyBaseLogger, graceMs = DAY_MS): Promise<SweepResult> {
  const cutoff = Date.now() - graceMs;
  // Rows are read before files are listed: a file stored and recorded in between is then seen as
  // an orphan, but a young one, which is only reported.
  const rows = await db.selectFrom('media').select(['storage_key', 'created_at']).execute();
  const owners = new Set(rows.map((row) => ownerOf(row.storage_key)));
  const present = new Set<string>();
  const result: SweepResult = { orphanFiles: [], missingFiles: [] };

  for await (const file of store.list()) {
    present.add(file.key);
    if (owners.has(ownerOf(file.key))) continue;
    const removed = file.modifiedMs < cutoff;
    if (removed) await store.remove(file.key);
    result.orphanFiles.push({ name: file.key, removed });
  }

  const gone = rows.filter((row) => !present.has(row.storage_key));
  const old = gone.filter((row) => Date.parse(row.created_at) < cutoff).map((row) => row.storage_key);
  if (old.length > 0) await db.deleteFrom('media').where('storage_key', 'in', old).execute();
  result.missingFiles = gone.map((row) => ({ key: row.storage_key, forgotten: old.includes(row.storage_key) }));

  if (result.orphanFiles.length > 0) log.warn({ files: result.orphanFiles }, 'media sweep: files without a media row (removed once older than a day)');
  if (result.missingFiles.length > 0) log.warn({ rows: result.missingFiles }, 'media sweep: media rows whose file is missing (forgotten once older than a day)');
  return result;
}
