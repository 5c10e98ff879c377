import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db, DbKind } from '../../db/database';
import { MANIFEST_PATH, type Manifest, type Progress, type TableDocument } from './archive-format';
import { mimeTypeOf, type MediaObjects } from './media-objects';
import { DamagedArchiveError, verifyArchive, walkArchive } from './read-archive';
import { BOOKKEEPING_TABLES, NOT_BACKED_UP, listTablesInOrder } from './tables';
import { rebuildSearchIndex } from '../search/search-index';

export class RestoreRefusedError extends Error {}

export type RestoreTarget = { db: Db; kind: DbKind; media: MediaObjects };
export type RestoreSummary = { tables: number; rows: number; mediaFiles: number; mediaBytes: number; removedMediaFiles: number };

/** A site with content rows or media files is not empty; settings and the audit log alone do not count. */
export async function siteIsEmpty(target: RestoreTarget): Promise<boolean> {
  for (const table of await listTablesInOrder(target.db, target.kind)) {
    if (BOOKKEEPING_TABLES.has(table)) continue;
    const row = await target.db.selectFrom(table as 'settings').select(sql`1`.as('one')).limit(1).executeTakeFirst();
    if (row) return false;
  }
  return (await target.media.list()).length === 0;
}

async function readJson(stream: Readable): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Loads a verified archive into the configured database and media store.
 * Order matters for a failure half-way: media files first (adding files
 * harms nothing), then every table in one transaction, then files the
 * archive does not have are removed.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  options: { force: boolean; progress?: Progress; verified?: Manifest },
): Promise<RestoreSummary> {
  const progress = options.progress ?? (() => {});
  const manifest = options.verified ?? (await verifyArchive(file));
  await checkSchema(target, manifest);
  if (!options.force && !(await siteIsEmpty(target))) {
    throw new RestoreRefusedError('This site already has content or media. Run the restore again with --force to replace everything with the archive.');
  }

  const total = manifest.files.reduce((sum, entry) => sum + entry.size, 0);
  let done = 0;
  const documents: TableDocument[] = [];
  const restoredKeys = new Set<string>();
  let mediaBytes = 0;
  await walkArchive(file, async (name, size, stream) => {
    if (name === MANIFEST_PATH) return;
    if (name.startsWith('db/')) {
      documents.push((await readJson(stream)) as TableDocument);
    } else if (name.startsWith('media/')) {
      const key = name.slice('media/'.length);
      await target.media.write(key, stream, mimeTypeOf(key));
      restoredKeys.add(key);
      mediaBytes += size;
    }
    done += size;
    progress(done, total, name);
  });

  const rows = await replaceTables(target, documents);
  let removedMediaFiles = 0;
  for (const object of await target.media.list()) {
    if (restoredKeys.has(object.key)) continue;
    await target.media.remove(object.key);
    removedMediaFiles++;
  }
  return { tables: documents.length, rows, mediaFiles: restoredKeys.size, mediaBytes, removedMediaFiles };
}

/** The target runs every migration the archive's source had (it is migrated to latest before a restore). */
async function checkSchema(target: RestoreTarget, manifest: Manifest): Promise<void> {
  const known = new Set((await sql<{ name: string }>`select name from kysely_migration`.execute(target.db)).rows.map((row) => row.name));
  const newer = manifest.migrations.filter((name) => !known.has(name));
  if (newer.length > 0) {
    throw new DamagedArchiveError(`The archive comes from a newer version of Showcase (migration ${newer[0]}); update this copy first.`);
  }
}

/** Empties every application table and loads the archive's rows, in one transaction: all or nothing. */
async function replaceTables(target: RestoreTarget, documents: TableDocument[]): Promise<number> {
  const order = await listTablesInOrder(target.db, target.kind);
  const byTable = new Map(documents.map((doc) => [doc.table, doc]));
  const unknown = documents.filter((doc) => !order.includes(doc.table)).map((doc) => doc.table);
  if (unknown.length > 0) throw new DamagedArchiveError(`The archive has tables this version does not know: ${unknown.join(', ')}.`);
  let count = 0;
  await target.db.transaction().execute(async (trx) => {
    // Children before parents when emptying; parents first when loading.
    for (const table of [...order].reverse()) {
      if (table === 'login_attempts') continue;
      await trx.deleteFrom(table as 'settings').execute();
    }
    for (const table of order) {
      const doc = byTable.get(table);
      if (!doc || NOT_BACKED_UP.has(table) || doc.rows.length === 0) continue;
      // Stay well under both dialects' limit on bound parameters per statement.
      const perBatch = Math.max(1, Math.floor(30_000 / Math.max(1, doc.columns.length)));
      for (let start = 0; start < doc.rows.length; start += perBatch) {
        await trx.insertInto(table as 'settings').values(doc.rows.slice(start, start + perBatch) as never).execute();
      }
      count += doc.rows.length;
    }
    await rebuildSearchIndex(trx);
  });
  return count;
}
