import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../config';
import { CONTENT_CHANNEL } from '../content/notify';
import { insertAuditEntry } from '../modules/audit/audit.repository';
import { verifyArchive } from '../modules/backup/read-archive';
import { restoreBackup } from '../modules/backup/restore-backup';
import { writeBackup } from '../modules/backup/write-backup';
import { describeSite, openSite } from './open-site';
import { progressBar } from './progress-bar';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function backupCommand(args: string[]): Promise<void> {
  const file = args.find((arg) => !arg.startsWith('--'));
  if (!file) throw new Error('Usage: npm run backup -- FILE.tar.gz');
  const target = path.resolve(file);
  const site = await openSite();
  const partial = `${target}.partial`;
  const bar = progressBar();
  const started = Date.now();
  try {
    process.stderr.write(`Backing up ${describeSite(site)}\n`);
    const summary = await writeBackup(
      { db: site.database.db, kind: site.database.kind, media: site.media, backupKey: site.config.backupKey },
      fs.createWriteStream(partial, { flags: 'w', mode: 0o600 }),
      bar.update,
    );
    bar.done();
    // Renamed only when complete: a half-written archive never carries the name asked for.
    await fs.promises.rename(partial, target);
    const size = (await fs.promises.stat(target)).size;
    await insertAuditEntry(site.database.db, {
      action: 'backup.create',
      targetType: 'backup',
      summary: `Backup from the command line: ${summary.rows} rows in ${summary.tables} tables, ${summary.mediaFiles} media files`,
    });
    process.stdout.write(
      `Wrote ${target} (${mb(size)}): ${summary.rows} rows in ${summary.tables} tables, ${summary.mediaFiles} media files (${mb(summary.mediaBytes)}) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  } catch (error) {
    bar.done();
    await fs.promises.rm(partial, { force: true });
    throw error;
  } finally {
    await site.database.close();
  }
}

export async function restoreCommand(args: string[]): Promise<void> {
  const file = args.find((arg) => !arg.startsWith('--'));
  const force = args.includes('--force');
  if (!file) throw new Error('Usage: npm run restore -- FILE.tar.gz [--force]');
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new Error(`No such file: ${source}`);
  // Checked before the storage is even opened: a damaged archive changes nothing, not even an empty DATA_DIR.
  process.stderr.write(`Checking ${source}\n`);
  const verified = await verifyArchive(source, { backupKey: loadConfig().backupKey });
  const site = await openSite();
  const bar = progressBar();
  const started = Date.now();
  try {
    process.stderr.write(`Restoring ${source} into ${describeSite(site)}\n`);
    const summary = await restoreBackup(source, { db: site.database.db, kind: site.database.kind, media: site.media }, { force, progress: bar.update, verified });
    bar.done();
    await insertAuditEntry(site.database.db, {
      action: 'backup.restore',
      targetType: 'backup',
      summary: `Restored ${path.basename(source)} from the command line: ${summary.rows} rows, ${summary.mediaFiles} media files`,
    });
    // Copies of the site running on this PostgreSQL drop their cached pages; a SQLite site is restarted by its operator.
    if (site.database.kind === 'postgres') await sql`select pg_notify(${CONTENT_CHANNEL}, 'restore')`.execute(site.database.db);
    process.stdout.write(
      `Restored ${summary.rows} rows in ${summary.tables} tables and ${summary.mediaFiles} media files (${mb(summary.mediaBytes)})` +
        `${summary.removedMediaFiles ? `, removed ${summary.removedMediaFiles} files not in the archive` : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n` +
        'Every session was signed out; the admin password and two-factor settings are this site\'s own, not the archive\'s. Restart a running site that uses SQLite so it shows the restored content.\n',
    );
  } catch (error) {
    bar.done();
    throw error;
  } finally {
    await site.database.close();
  }
}
