import { sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { createTestEnv } from '../../tests/helpers/test-env';

export type FreshDatabase = DatabaseHandle & {
  /** Runs statements outside the pool's limits (PostgreSQL's 10 s per statement, decision 010): seeding is not what a bench measures. */
  seed: (statements: string[]) => Promise<void>;
  /** Closes the database and removes it (the SQLite directory, or the PostgreSQL database). */
  close: () => Promise<void>;
};

/**
 * A migrated, empty database for a bench, made as the tests make theirs (tests/helpers/test-env.ts): a
 * temp SQLite directory, or with BENCH_DATABASE_URL a new PostgreSQL database on that server.
 */
export async function freshDatabase(): Promise<FreshDatabase> {
  // An empty string, not undefined: createTestEnv would otherwise fall back to TEST_DATABASE_URL.
  const env = await createTestEnv(process.env.BENCH_DATABASE_URL ?? '');
  const handle = openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  const close = async () => {
    await handle.close();
    await env.destroy();
  };
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await close();
    throw error;
  }
  const seed = async (statements: string[]) => {
    if (!env.databaseUrl) {
      for (const statement of statements) await sql.raw(statement).execute(handle.db);
      return;
    }
    const client = new pg.Client({ connectionString: env.databaseUrl });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return { ...handle, seed, close };
}
