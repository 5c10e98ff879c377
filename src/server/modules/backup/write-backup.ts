import { createHash } from 'node:crypto';
import { Transform, type Writable } from 'node:stream';
import { sql } from 'kysely';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { Db, DbKind } from '../../db/database';
import {
  BACKUP_FORMAT, BACKUP_VERSION, MANIFEST_PATH, mediaPath, tablePath,
  type Manifest, type ManifestFile, type Progress, type TableDocument,
} from './archive-format';
import type { MediaObjects } from './media-objects';
import { listTablesInOrder } from './tables';
import { CONTENT_SETTINGS, RESTORE_RULES } from './restore-rules';
import { SIGNATURE_PATH, signatureOf } from './archive-signature';

export type BackupSummary = { tables: number; rows: number; mediaFiles: number; mediaBytes: number };

/**
 * An archive holds what a restore can take back: the tables with a restore
 * rule, and of the settings only the content singletons. Password hash,
 * second factor, signing keys and sessions never leave the site
 * (docs/decisions/050-backups-without-keys.md).
 */
const archived = (table: string) => table in RESTORE_RULES;
const readRows = (trx: Db, table: string) => {
  // Table names come from the database's own catalogue, never from input.
  const query = trx.selectFrom(table as 'settings').selectAll();
  return (table === 'settings' ? query.where('key', 'in', CONTENT_SETTINGS) : query).execute() as Promise<Array<Record<string, unknown>>>;
};

/**
 * Reads every table in one transaction, so the archive is one consistent
 * moment of a running site (REPEATABLE READ on PostgreSQL; SQLite's WAL gives
 * a read transaction its snapshot).
 */
async function snapshotTables(db: Db, kind: DbKind): Promise<{ documents: TableDocument[]; migrations: string[] }> {
  const read = async (trx: Db) => {
    const tables = (await listTablesInOrder(trx, kind)).filter(archived);
    const documents: TableDocument[] = [];
    for (const table of tables) {
      const rows = await readRows(trx, table);
      rows.sort((a, b) => JSON.stringify(Object.values(a)).localeCompare(JSON.stringify(Object.values(b))));
      const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
      documents.push({ format: 'showcase-table', version: BACKUP_VERSION, table, columns, rows });
    }
    const migrations = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(trx)).rows.map((row) => row.name);
    return { documents, migrations };
  };
  if (kind === 'postgres') return db.transaction().setIsolationLevel('repeatable read').execute(read);
  return db.transaction().execute(read);
}

/**
 * Streams the archive (tar, gzip) into `out`: one JSON document per table,
 * every media object, then the manifest with checksums, signed with
 * `backupKey` (BACKUP_KEY) when there is one.
 */
export async function writeBackup(
  source: { db: Db; kind: DbKind; media: MediaObjects; backupKey?: string | undefined },
  out: Writable,
  progress: Progress = () => {},
): Promise<BackupSummary> {
  const { documents, migrations } = await snapshotTables(source.db, source.kind);
  const objects = await source.media.list();
  const tableBuffers = documents.map((doc) => ({ doc, data: Buffer.from(`${JSON.stringify(doc, null, 1)}\n`) }));
  const total = tableBuffers.reduce((sum, entry) => sum + entry.data.length, 0) + objects.reduce((sum, object) => sum + object.size, 0);
  let done = 0;

  const pack = tar.pack();
  const written = pipeline(pack, createGzip({ level: 6 }), out);
  const files: ManifestFile[] = [];
  const addBuffer = async (name: string, data: Buffer) => {
    await new Promise<void>((resolve, reject) => pack.entry({ name, size: data.length, mtime: new Date() }, data, (error) => (error ? reject(error) : resolve())));
  };

  try {
    for (const { doc, data } of tableBuffers) {
      await addBuffer(tablePath(doc.table), data);
      files.push({ path: tablePath(doc.table), size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
      done += data.length;
      progress(done, total, doc.table);
    }
    for (const object of objects) {
      const name = mediaPath(object.key);
      const hash = createHash('sha256');
      let size = 0;
      const entry = pack.entry({ name, size: object.size, mtime: new Date() });
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          size += chunk.length;
          done += chunk.length;
          progress(done, total, object.key);
          callback(null, chunk);
        },
      });
      await pipeline(await source.media.read(object.key), counted, entry);
      if (size !== object.size) throw new Error(`Media ${object.key} changed size while it was being backed up`);
      files.push({ path: name, size, sha256: hash.digest('hex') });
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      migrations,
      source: { database: source.kind, media: source.media.describe.startsWith('bucket') ? 's3' : 'disk' },
      tables: documents.map((doc) => ({ name: doc.table, rows: doc.rows.length })),
      media: { count: objects.length, bytes: objects.reduce((sum, object) => sum + object.size, 0) },
      files,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
    await addBuffer(MANIFEST_PATH, manifestBytes);
    if (source.backupKey) await addBuffer(SIGNATURE_PATH, Buffer.from(signatureOf(source.backupKey, manifestBytes)));
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => {});
    throw error;
  }
  await written;
  return {
    tables: documents.length,
    rows: documents.reduce((sum, doc) => sum + doc.rows.length, 0),
    mediaFiles: objects.length,
    mediaBytes: objects.reduce((sum, object) => sum + object.size, 0),
  };
}
