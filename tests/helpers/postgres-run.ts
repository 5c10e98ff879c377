import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../../src/server/db/database';

/**
 * What a run on PostgreSQL (TEST_DATABASE_URL) shares with its test files: a database migrated once,
 * which each file's fresh database is copied from, and the prefix of every database the run makes.
 */
export type PostgresRun = { adminUrl: string; prefix: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    postgresRun: PostgresRun | undefined;
  }
}

export const databaseUrlOf = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

export async function onPostgres(adminUrl: string, statement: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

/** At most this many DROP DATABASE at once at the end of a run (each holds a connection). */
const DROPS_AT_ONCE = 16;

/**
 * Vitest's global setup, once per project and run. Migrating a PostgreSQL database took 2–6 s and
 * dropping one 2–4 s on the shared CI machine (PostgreSQL 15 forces a checkpoint on every DROP
 * DATABASE), once per test file's app: so each file copies the migrated template (~0.3 s) and leaves
 * its database to the end of the run, where the drops go out together and share their checkpoints.
 */
export async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  project.provide('postgresRun', undefined);
  if (!adminUrl) return undefined;
  const prefix = `showcase_test_${process.pid}_${project.name.replace(/\W/g, '')}_`;
  const template = `${prefix}template`;
  await onPostgres(adminUrl, `CREATE DATABASE ${template}`);
  const handle = openDatabase({ databaseUrl: databaseUrlOf(adminUrl, template), dataDir: '' });
  try {
    await migrateToLatest(handle.db);
  } finally {
    // A template takes no connections: CREATE DATABASE … TEMPLATE refuses one that has any.
    await handle.close();
  }
  project.provide('postgresRun', { adminUrl, prefix, template });
  return async () => {
    const { rows } = await onPostgres(adminUrl, 'select datname from pg_database where starts_with(datname, $1)', [prefix]);
    const names = rows.map((row: { datname: string }) => row.datname);
    for (let start = 0; start < names.length; start += DROPS_AT_ONCE) {
      await Promise.all(names.slice(start, start + DROPS_AT_ONCE).map((name) => onPostgres(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
    }
  };
}
