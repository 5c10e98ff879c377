import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { CONTENT_CHANNEL } from '../content/notify';
import { SYSTEM } from '../content/changes';
import { runImport } from '../modules/transfer/import.service';
import { streamCatalogueJson, streamProductsCsv } from '../modules/transfer/export.service';
import { mediaZipPath, writeMediaZip } from '../modules/transfer/export-media';
import { fetchImage } from '../modules/transfer/fetch-image';
import { createMediaStore } from '../modules/media/media.service';
import { DIALECTS, type DialectName } from '../modules/transfer/imported-product';
import { describeSite, openSite } from './open-site';

/** The value after `--name`, or undefined. */
function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
  return value;
}

/** Every value of a flag that may be given several times (`--map A=b --map C=`). */
function options(args: string[], name: string): string[] {
  return args.flatMap((arg, i) => {
    if (arg !== name) return [];
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
    return [value];
  });
}

/** `--map "Column=field"` (a field of the format, or attribute:Name) and `--map "Column="` (left out), as the API's `mapping`. */
export function mappingOf(values: string[]): Record<string, string | null> | undefined {
  if (values.length === 0) return undefined;
  const mapping: Record<string, string | null> = {};
  for (const value of values) {
    const at = value.lastIndexOf('=');
    if (at <= 0) throw new Error(`--map ${value}: write it as "Column=field" (or "Column=" to leave the column out)`);
    const field = value.slice(at + 1).trim();
    mapping[value.slice(0, at).trim()] = field === '' ? null : field;
  }
  return mapping;
}

/** The file argument: the first one that is neither a flag nor a flag's value. */
function fileArgument(args: string[], withValues: string[]): string | undefined {
  return args.find((arg, i) => !arg.startsWith('--') && !(i > 0 && withValues.includes(args[i - 1]!)));
}

/**
 * `npm run import -- FILE [--dry-run] [--format showcase|shopify|woocommerce|json] [--media ZIP] [--shop-url URL] [--currency CODE] [--fetch-images] [--map "Column=field" ...]`:
 * prints the report as JSON. Images come from the zip by file name, and with `--fetch-images` from their https URLs (public addresses only).
 */
export async function importCommand(args: string[]): Promise<void> {
  const valued = ['--format', '--shop-url', '--currency', '--media', '--map'];
  const file = fileArgument(args, valued);
  if (!file) throw new Error('Usage: npm run import -- FILE [--dry-run] [--format showcase|shopify|woocommerce] [--media ZIP] [--shop-url URL] [--fetch-images] [--map "Column=field"]');
  const mapping = mappingOf(options(args, '--map'));
  const format = option(args, '--format');
  if (format !== undefined && format !== 'json' && !DIALECTS.includes(format as DialectName)) throw new Error('--format must be showcase, shopify, woocommerce or json');
  const dryRun = args.includes('--dry-run');
  const zipPath = option(args, '--media');
  if (zipPath !== undefined && !fs.existsSync(zipPath)) throw new Error(`--media: no file ${zipPath}`);
  const site = await openSite();
  const maxImageBytes = site.config.maxImageBytes;
  // Only here, never from the web admin: https only, public addresses only, redirects checked again (fetch-image.ts).
  const fetch = args.includes('--fetch-images') ? async (url: string) => (await fetchImage(url, { maxBytes: maxImageBytes })).bytes : undefined;
  try {
    process.stderr.write(`${dryRun ? 'Checking' : 'Importing'} ${path.resolve(file)} into ${describeSite(site)}\n`);
    const store = createMediaStore(site.config);
    const report = await runImport({ db: site.database.db, contentEvents: { changed: () => {} }, store, maxImageBytes }, SYSTEM, fs.createReadStream(file), {
      dryRun,
      format: format as DialectName | 'json' | undefined,
      shopUrl: option(args, '--shop-url'),
      currency: option(args, '--currency'),
      media: { zipPath, fetch },
      mapping,
    });
    const { dialect, created, updated, unchanged, errors } = report;
    const data = { dialect, created, updated, unchanged, errors };
    const failed = !dryRun && errors.length > 0;
    process.stdout.write(`${JSON.stringify(failed ? { success: false, error: `The file has ${errors.length} error(s): nothing was changed`, data } : { success: true, data }, null, 2)}\n`);
    for (const error of errors) process.stderr.write(`line ${error.line}, ${error.column}: ${error.message}\n`);
    if (report.unknownColumns.length > 0) {
      process.stderr.write(`Columns not read: ${report.unknownColumns.join(', ')} (read one as a field with --map "Column=field", one of ${report.fields.join(', ')} or attribute:Name)\n`);
    }
    const editions = report.editions;
    process.stderr.write(`Editions: ${editions.created} created, ${editions.updated} updated, ${editions.removed} removed; attributes: ${report.attributes.created} created, ${report.attributes.updated} given new values\n`);
    if (failed) throw new Error(`${errors.length} error(s) in the file: nothing was changed`);
    // The site's variant workers pick them up (as after an upload), or `npm run media:variants`.
    if (!dryRun && report.images > 0) process.stderr.write(`${report.images} new image(s) stored; their variants are made by the running site or \`npm run media:variants\`\n`);
    // Copies of the site running on this PostgreSQL drop their cached pages; a SQLite site is restarted by its operator.
    if (!dryRun && created + updated > 0 && site.database.kind === 'postgres') await sql`select pg_notify(${CONTENT_CHANNEL}, 'import')`.execute(site.database.db);
  } finally {
    await site.database.close();
  }
}

/**
 * `npm run export -- FILE [--format csv|json] [--with-media]`. With `--with-media` the media files the
 * products show are written in a zip beside FILE (`products.csv` → `products.media.zip`), named by their
 * file name, which is how `npm run import -- FILE --media ZIP` finds them.
 */
export async function exportCommand(args: string[]): Promise<void> {
  const file = fileArgument(args, ['--format']);
  if (!file) throw new Error('Usage: npm run export -- FILE [--format csv|json] [--with-media]');
  const format = option(args, '--format') ?? (file.endsWith('.json') ? 'json' : 'csv');
  if (format !== 'csv' && format !== 'json') throw new Error('--format must be csv or json');
  const site = await openSite();
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  try {
    const db = site.database.db;
    await pipeline(format === 'csv' ? streamProductsCsv(db) : streamCatalogueJson(db), fs.createWriteStream(partial));
    if (args.includes('--with-media')) {
      const zip = mediaZipPath(target);
      const count = await writeMediaZip(db, createMediaStore(site.config), zip);
      process.stdout.write(`Wrote ${zip} (${count} files)\n`);
    }
    // Renamed only when complete: a half-written export never carries the name asked for.
    await fs.promises.rename(partial, target);
    process.stdout.write(`Wrote ${target}\n`);
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  } finally {
    await site.database.close();
  }
}
