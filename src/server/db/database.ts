import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema';
import * as initial from './migrations/2026-11-21-0001-initial';
import * as operatorToolkit from './migrations/2026-11-23-0401-operator-toolkit';

export type Db = Kysely<Database>;
export type DbKind = 'sqlite' | 'postgres';

export type DatabaseHandle = { db: Db; kind: DbKind; close: () => Promise<void> };

// PostgreSQL returns int8 (count(*), bigint) as strings; our values fit in a JS number.
pg.types.setTypeParser(20, (value) => Number(value));

export function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  onIdleError?: (error: Error) => void;
}): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection that PostgreSQL closes (restart, failover) must not
    // crash the process: the pool drops it and the next query opens a new one.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = new SQLite(path.join(options.dataDir, 'showcase.db'));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  file.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}

// Listed here rather than read from a folder at run time, because the server
// is bundled into one file. Add each new migration to this table.
const migrations: Record<string, Migration> = {
  '2026-11-21-0001-initial': initial,
  '2026-11-23-0401-operator-toolkit': operatorToolkit,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
