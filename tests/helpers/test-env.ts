import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { databaseUrlOf, onPostgres, type PostgresRun } from './postgres-run';

/** Which database the suite runs on: SQLite by default, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

export type TestEnv = {
  dataDir: string;
  databaseUrl: string | undefined;
  /** Drops the PostgreSQL database and removes the data directory. */
  destroy: () => Promise<void>;
};

/** The run's migrated template and database prefix (tests/helpers/postgres-run.ts), inside a vitest run on that server. */
function postgresRun(adminUrl: string): PostgresRun | undefined {
  if (!process.env.VITEST) return undefined;
  const run = inject('postgresRun');
  return run?.adminUrl === adminUrl ? run : undefined;
}

/**
 * A fresh database (a temp SQLite file, or a new PostgreSQL database) and data directory: empty, or
 * with `migrated` on PostgreSQL in a vitest run, a copy of the run's migrated template, dropped with
 * the run's others at its end (each DROP DATABASE costs a checkpoint).
 */
export async function createTestEnv(adminUrl = process.env.TEST_DATABASE_URL, { migrated = false } = {}): Promise<TestEnv> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-test-'));
  // The key file that seals stored secrets lives beside the data directory (content/secret-box.ts).
  const removeDataDir = () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(`${dataDir}.key`, { force: true });
  };
  if (!adminUrl) return { dataDir, databaseUrl: undefined, destroy: async () => removeDataDir() };
  const run = postgresRun(adminUrl);
  const name = `${run?.prefix ?? 'showcase_test_'}${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await onPostgres(adminUrl, `CREATE DATABASE ${name}${migrated && run ? ` TEMPLATE ${run.template}` : ''}`);
  return {
    dataDir,
    databaseUrl: databaseUrlOf(adminUrl, name),
    destroy: async () => {
      removeDataDir();
      if (!run) await onPostgres(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
