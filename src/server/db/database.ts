import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema';
import { createPgPool, ResilientPostgresDialect } from './pg-pool';
import { ResilientSqliteDialect, SQLITE_BUSY_TIMEOUT_MS } from './sqlite-driver';
import * as initial from './migrations/2026-11-21-0001-initial';
import * as rateLimits from './migrations/2026-11-23-0501-rate-limits';
import * as listIndexesAndTagSlugs from './migrations/2026-11-23-0101-list-indexes-and-tag-slugs';
import * as healthProbe from './migrations/2026-11-23-0201-health-probe';
import * as mediaLibrary from './migrations/2026-11-23-0301-media-library';
import * as operatorToolkit from './migrations/2026-11-23-0401-operator-toolkit';
import * as publishStatus from './migrations/2026-11-23-0801-publish-status';
import * as revisionsAndPreviews from './migrations/2026-11-23-0802-revisions-and-previews';
import * as redirects from './migrations/2026-11-23-1001-redirects';
import * as seoFields from './migrations/2026-11-23-0901-seo-fields';
import * as newsletterConsentAndOutbox from './migrations/2026-11-23-0601-newsletter-consent-and-outbox';
import * as productPrice from './migrations/2026-11-23-1201-product-price';
import * as searchIndex from './migrations/2026-11-23-0701-search-index';
import * as scheduledIndex from './migrations/2026-11-23-1301-scheduled-index';
import * as twoFactorState from './migrations/2026-11-25-0101-two-factor-state';
import * as mailOutbox from './migrations/2026-11-25-0301-mail-outbox';
import * as mediaUsages from './migrations/2026-11-26-0101-media-usages';
import * as mediaContentHash from './migrations/2026-11-26-0201-media-content-hash';
import * as analytics from './migrations/2026-11-26-0301-analytics';
import * as productEditions from './migrations/2026-11-29-0101-product-editions';
import * as pages from './migrations/2026-11-29-0201-pages';
import * as formSubmissions from './migrations/2026-11-29-0202-form-submissions';
import * as webhookEndpoints from './migrations/2026-11-29-0301-webhook-endpoints';
import * as analyticsProductSpans from './migrations/2026-11-29-0401-analytics-product-spans';
import * as attributes from './migrations/2026-11-29-0701-attributes';
import * as webhookDeliveriesPending from './migrations/2026-11-29-1001-webhook-deliveries-pending';
import * as analyticsPageSpans from './migrations/2026-11-29-1101-analytics-page-spans';
import * as productAttributeValuesIndex from './migrations/2026-11-29-1301-product-attribute-values-index';
import * as analyticsSpanCounts from './migrations/2026-11-29-1321-analytics-span-counts';
import * as productsNotLiveIndex from './migrations/2026-11-30-0101-products-not-live-index';

export type Db = Kysely<Database>;
export type DbKind = 'sqlite' | 'postgres';

export type DatabaseHandle = {
  db: Db;
  kind: DbKind;
  /** The SQLite file, or undefined on PostgreSQL. */
  file: string | undefined;
  close: () => Promise<void>;
};

// PostgreSQL returns int8 (count(*), bigint) as strings; our values fit in a JS number.
pg.types.setTypeParser(20, (value) => Number(value));

export function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** A connection dropped outside a query: logged, the pool opens a new one when needed. */
  onConnectionError?: (error: Error) => void;
  /** A ROLLBACK that failed after another error; the other error is the one answered. */
  onRollbackError?: (error: unknown) => void;
}): DatabaseHandle {
  const onRollbackError = options.onRollbackError ?? (() => {});
  if (options.databaseUrl) {
    const pool = createPgPool(options.databaseUrl, { onConnectionError: options.onConnectionError ?? (() => {}), onRollbackError });
    const db = new Kysely<Database>({ dialect: new ResilientPostgresDialect(pool, onRollbackError) });
    return { db, kind: 'postgres', file: undefined, close: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const filePath = path.join(options.dataDir, 'showcase.db');
  const file = openSqliteFile(filePath);
  const db = new Kysely<Database>({ dialect: new ResilientSqliteDialect(file, onRollbackError) });
  return { db, kind: 'sqlite', file: filePath, close: () => db.destroy() };
}

/** Refuses to start on a file the process cannot write: serving read-only in silence fails every save later. */
function openSqliteFile(filePath: string): SQLite.Database {
  let file: SQLite.Database | undefined;
  try {
    file = new SQLite(filePath);
    file.pragma('journal_mode = WAL');
    file.pragma('foreign_keys = ON');
    file.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    file.pragma('synchronous = NORMAL');
    checkWritable(file);
    return file;
  } catch (error) {
    file?.close();
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_CANTOPEN' || code === 'EROFS' || code === 'EACCES') {
      throw new Error(
        `The database file ${filePath} cannot be written (${code}): check that DATA_DIR and the file are writable by this process and not on a read-only disk`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** A write that changes nothing and is rolled back, to learn at start-up whether writes are possible at all. */
function checkWritable(file: SQLite.Database): void {
  const version = Number(file.pragma('user_version', { simple: true }));
  try {
    file.exec(`begin immediate; pragma user_version = ${version}; rollback`);
  } catch (error) {
    if (file.inTransaction) file.exec('rollback');
    // Another process holding the write lock proves nothing about permissions.
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return;
    throw error;
  }
}

// Listed here rather than read from a folder at run time, because the server
// is bundled into one file. Add each new migration to this table.
const migrations: Record<string, Migration> = {
  '2026-11-21-0001-initial': initial,
  '2026-11-23-0501-rate-limits': rateLimits,
  '2026-11-23-0101-list-indexes-and-tag-slugs': listIndexesAndTagSlugs,
  '2026-11-23-0201-health-probe': healthProbe,
  '2026-11-23-0301-media-library': mediaLibrary,
  '2026-11-23-0401-operator-toolkit': operatorToolkit,
  '2026-11-23-0801-publish-status': publishStatus,
  '2026-11-23-0802-revisions-and-previews': revisionsAndPreviews,
  '2026-11-23-1001-redirects': redirects,
  '2026-11-23-0901-seo-fields': seoFields,
  '2026-11-23-0601-newsletter-consent-and-outbox': newsletterConsentAndOutbox,
  '2026-11-23-1201-product-price': productPrice,
  '2026-11-23-0701-search-index': searchIndex,
  '2026-11-23-1301-scheduled-index': scheduledIndex,
  '2026-11-25-0101-two-factor-state': twoFactorState,
  '2026-11-25-0301-mail-outbox': mailOutbox,
  '2026-11-26-0101-media-usages': mediaUsages,
  '2026-11-26-0201-media-content-hash': mediaContentHash,
  '2026-11-26-0301-analytics': analytics,
  '2026-11-29-0101-product-editions': productEditions,
  '2026-11-29-0201-pages': pages,
  '2026-11-29-0202-form-submissions': formSubmissions,
  '2026-11-29-0301-webhook-endpoints': webhookEndpoints,
  '2026-11-29-0401-analytics-product-spans': analyticsProductSpans,
  '2026-11-29-0701-attributes': attributes,
  '2026-11-29-1001-webhook-deliveries-pending': webhookDeliveriesPending,
  '2026-11-29-1101-analytics-page-spans': analyticsPageSpans,
  '2026-11-29-1301-product-attribute-values-index': productAttributeValuesIndex,
  '2026-11-29-1321-analytics-span-counts': analyticsSpanCounts,
  '2026-11-30-0101-products-not-live-index': productsNotLiveIndex,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** This build's migrations by name (a test migrates a database to an earlier point with them). */
export const knownMigrations = (): Record<string, Migration> => ({ ...migrations });

/** Migrations this build knows and the database lacks, and ones the database has that this build does not know. */
export type MigrationCheck = { pending: string[]; ahead: string[] };

/**
 * Compares the database's executed migrations with this build's (decision 062). A database `ahead` of
 * the build is a newer copy's work during a rolling deploy: its migrations only expand the schema
 * (contracting waits for a later release), so this older build still runs on it.
 */
export async function checkMigrations(db: Db): Promise<MigrationCheck> {
  const known = new Set(Object.keys(migrations));
  const executed = new Set((await new Migrator({ db, provider }).getMigrations()).filter((m) => m.executedAt).map((m) => m.name));
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const recorded = tables.some((table) => table.name === 'kysely_migration')
    ? (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((row) => row.name)
    : [];
  return { pending: [...known].filter((name) => !executed.has(name)), ahead: recorded.filter((name) => !known.has(name)) };
}

export async function migrateToLatest(db: Db): Promise<MigrationCheck> {
  const check = await checkMigrations(db);
  if (check.ahead.length > 0) {
    // Kysely refuses a database with migrations it does not know; an older copy restarting mid-deploy must still start.
    if (check.pending.length > 0) {
      throw new Error(`Database migration impossible: the database has migrations this build does not know (${check.ahead.join(', ')}) and lacks ${check.pending.join(', ')}`);
    }
    return check;
  }
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
  return { pending: [], ahead: [] };
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
