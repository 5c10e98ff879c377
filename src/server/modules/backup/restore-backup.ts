import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db, DbKind } from '../../db/database';
import { SIGNING_KEYS } from '../../content/stored-secret';
import { MANIFEST_PATH, type Manifest, type Progress, type TableDocument } from './archive-format';
import { type MediaObjects } from './media-objects';
import { DamagedArchiveError, verifyArchive, walkArchive } from './read-archive';
import { mimeTypeOfKey } from './restorable-media';
import { CONTENT_SETTINGS, RESTORE_RULES, describeProblem } from './restore-rules';
import { BOOKKEEPING_TABLES, EMPTIED_BY_RESTORE, listTablesInOrder } from './tables';
import { rebuildSearchIndex } from '../../content/effects/search-index';
import { rebuildMediaUsages } from '../../content/effects/media-usages';
import { rebuildSpans } from '../analytics/spans';
import { emptyDailySummaries, isDailySummaryTable } from '../analytics/daily-summaries';

export class RestoreRefusedError extends Error {}

export type RestoreTarget = { db: Db; kind: DbKind; media: MediaObjects };
export type RestoreSummary = { tables: number; rows: number; mediaFiles: number; mediaBytes: number; removedMediaFiles: number };
type RestoreOptions = { force: boolean; progress?: Progress; verified?: Manifest; backupKey?: string | undefined };

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
 * Every row is checked by the API's own rules before anything changes
 * (restore-rules.ts); then media files (adding files harms nothing), then
 * every table in one transaction, then files the archive does not have are
 * removed. The target keeps its password, second factor, recovery codes,
 * login throttle and audit log; everyone is signed out and signing keys are
 * made anew (docs/decisions/050-backups-without-keys.md).
 */
export async function restoreBackup(file: string, target: RestoreTarget, options: RestoreOptions): Promise<RestoreSummary> {
  const progress = options.progress ?? (() => {});
  const manifest = options.verified ?? (await verifyArchive(file, { backupKey: options.backupKey }));
  await checkSchema(target, manifest);
  if (!options.force && !(await siteIsEmpty(target))) {
    throw new RestoreRefusedError('This site already has content or media. Run the restore again with --force to replace everything with the archive.');
  }

  const total = manifest.files.reduce((sum, entry) => sum + entry.size, 0);
  let done = 0;
  const documents: TableDocument[] = [];
  await walkArchive(file, async (name, size, stream) => {
    if (!name.startsWith('db/')) return;
    documents.push((await readJson(stream)) as TableDocument);
    done += size;
    progress(done, total, name);
  });
  const tables = await checkRows(target, documents);

  const restoredKeys = new Set<string>();
  let mediaBytes = 0;
  await walkArchive(file, async (name, size, stream) => {
    if (name === MANIFEST_PATH || !name.startsWith('media/')) return;
    const key = name.slice('media/'.length);
    // verifyArchive has sniffed every file: only an upload's types get here.
    await target.media.write(key, stream, mimeTypeOfKey(key)!);
    restoredKeys.add(key);
    mediaBytes += size;
    done += size;
    progress(done, total, name);
  });

  const rows = await replaceTables(target, tables);
  let removedMediaFiles = 0;
  for (const object of await target.media.list()) {
    if (restoredKeys.has(object.key)) continue;
    await target.media.remove(object.key);
    removedMediaFiles++;
  }
  return { tables: tables.size, rows, mediaFiles: restoredKeys.size, mediaBytes, removedMediaFiles };
}

/** The target runs every migration the archive's source had (it is migrated to latest before a restore). */
async function checkSchema(target: RestoreTarget, manifest: Manifest): Promise<void> {
  const known = new Set((await sql<{ name: string }>`select name from kysely_migration`.execute(target.db)).rows.map((row) => row.name));
  const newer = manifest.migrations.filter((name) => !known.has(name));
  if (newer.length > 0) {
    throw new DamagedArchiveError(`The archive comes from a newer version of Showcase (migration ${newer[0]}); update this copy first.`);
  }
}

/** Every row through its table's rule, before anything is written: one refused row refuses the archive. */
async function checkRows(target: RestoreTarget, documents: TableDocument[]): Promise<Map<string, Array<Record<string, unknown>>>> {
  const order = await listTablesInOrder(target.db, target.kind);
  const unknown = documents.filter((doc) => !order.includes(doc.table)).map((doc) => doc.table);
  if (unknown.length > 0) throw new DamagedArchiveError(`The archive has tables this version does not know: ${unknown.join(', ')}.`);
  const tables = new Map<string, Array<Record<string, unknown>>>();
  for (const doc of documents) {
    const rule = RESTORE_RULES[doc.table];
    // Older archives hold sessions, throttles and recovery codes: the target keeps its own.
    if (!rule) continue;
    if (!Array.isArray(doc.rows)) throw new DamagedArchiveError(`The archive's ${doc.table} table is not a list of rows; the archive is damaged.`);
    const rows: Array<Record<string, unknown>> = [];
    doc.rows.forEach((row, index) => {
      try {
        if (typeof row !== 'object' || row === null || Array.isArray(row)) throw new DamagedArchiveError('not an object');
        const clean = rule(row);
        if (clean) rows.push(clean);
      } catch (error) {
        const problem = describeProblem(error) ?? (error instanceof DamagedArchiveError ? error.message : undefined);
        if (problem === undefined) throw error;
        const id = typeof row?.id === 'string' ? ` ${JSON.stringify(row.id.slice(0, 100))}` : ` number ${index + 1}`;
        throw new DamagedArchiveError(`The archive's ${doc.table} row${id} is not what the site accepts (${problem}). Nothing was changed.`);
      }
    });
    tables.set(doc.table, rows);
  }
  return tables;
}

/**
 * In one transaction, all or nothing: content tables are emptied and loaded
 * with the checked rows (the analytics daily summaries emptied in statements of
 * bounded size, as the spans are rebuilt: decision 080); of the settings only the content singletons are
 * replaced and the signing keys dropped (the next use makes new ones); the
 * archive's audit entries join the target's own; sessions and preview links end.
 */
async function replaceTables(target: RestoreTarget, tables: Map<string, Array<Record<string, unknown>>>): Promise<number> {
  const order = await listTablesInOrder(target.db, target.kind);
  const columnCount = (rows: Array<Record<string, unknown>>) => Math.max(1, ...rows.slice(0, 1).map((row) => Object.keys(row).length));
  let count = 0;
  await target.db.transaction().execute(async (trx) => {
    // Children before parents when emptying; parents first when loading.
    for (const table of [...order].reverse()) {
      if (EMPTIED_BY_RESTORE.includes(table)) await trx.deleteFrom(table as 'sessions').execute();
      else if (table === 'settings') await trx.deleteFrom('settings').where('key', 'in', [...CONTENT_SETTINGS, ...SIGNING_KEYS]).execute();
      // Millions of rows on a large site: in bounded statements, still inside this one transaction.
      else if (isDailySummaryTable(table)) await emptyDailySummaries(trx, table);
      else if (table in RESTORE_RULES && table !== 'audit_log') await trx.deleteFrom(table as 'settings').execute();
    }
    for (const table of order) {
      let rows = tables.get(table) ?? [];
      if (table === 'audit_log' && rows.length > 0) {
        // The target's own entries stand; an entry it already has (a restore onto the same site) is not doubled.
        const known = new Set((await trx.selectFrom('audit_log').select('id').execute()).map((row) => row.id));
        rows = rows.filter((row) => !known.has(row.id as string));
      }
      if (rows.length === 0) continue;
      // Stay well under both dialects' limit on bound parameters per statement.
      const perBatch = Math.max(1, Math.floor(30_000 / columnCount(rows)));
      for (let start = 0; start < rows.length; start += perBatch) {
        await trx.insertInto(table as 'settings').values(rows.slice(start, start + perBatch) as never).execute();
      }
      count += rows.length;
    }
    await rebuildSearchIndex(trx);
    await rebuildMediaUsages(trx);
    await rebuildSpans(trx);
  });
  return count;
}
