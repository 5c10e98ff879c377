import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { FastifyInstance } from 'fastify';
import { mediaObjects } from '../../src/server/modules/backup/media-objects';

/** Every entry of a backup archive, by name, in order. */
export async function readArchive(file: string): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
    stream.on('end', () => {
      entries.set(header.name, Buffer.concat(chunks));
      next();
    });
  });
  await pipeline(fs.createReadStream(file), createGunzip(), extract);
  return entries;
}

export const tableOf = (entries: Map<string, Buffer>, table: string) =>
  JSON.parse(entries.get(`db/${table}.json`)!.toString('utf8')) as { columns: string[]; rows: Array<Record<string, unknown>> };

export const withTable = (entries: Map<string, Buffer>, table: string, edit: (rows: Array<Record<string, unknown>>) => void) => {
  const doc = tableOf(entries, table);
  edit(doc.rows);
  doc.columns = [...new Set(doc.rows.flatMap((row) => Object.keys(row)))];
  entries.set(`db/${table}.json`, Buffer.from(JSON.stringify(doc)));
};

/**
 * Writes the entries back as an archive whose manifest checksums match them,
 * as whoever edits an archive would: the checksums alone prove nothing.
 * `signWith` signs the manifest the way BACKUP_KEY does (hmac-sha256 of its bytes);
 * `signature` writes a given one as it is.
 */
export async function writeArchive(
  entries: Map<string, Buffer>,
  file: string,
  options: { signWith?: string; signature?: Buffer | undefined } = {},
): Promise<void> {
  const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as { files: Array<{ path: string; size: number; sha256: string }> };
  const names = [...entries.keys()].filter((name) => name !== 'manifest.json' && name !== 'manifest.sig');
  manifest.files = names.map((name) => ({ path: name, size: entries.get(name)!.length, sha256: createHash('sha256').update(entries.get(name)!).digest('hex') }));
  const manifestBytes = Buffer.from(JSON.stringify(manifest));
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), fs.createWriteStream(file));
  for (const name of names) pack.entry({ name }, entries.get(name)!);
  pack.entry({ name: 'manifest.json' }, manifestBytes);
  if (options.signature) pack.entry({ name: 'manifest.sig' }, options.signature);
  else if (options.signWith) pack.entry({ name: 'manifest.sig' }, `hmac-sha256:${createHmac('sha256', options.signWith).update(manifestBytes).digest('hex')}\n`);
  pack.finalize();
  await written;
}

/** What writeBackup and restoreBackup act on, for a running test app: its database and its media store. */
export const backupTarget = ({ app }: { app: FastifyInstance }) => ({ db: app.ctx.db, kind: app.ctx.dbKind, media: mediaObjects(app.ctx.config) });
