import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';

export const ADMIN_PASSWORD = 'correct-horse-battery';

/** Which database the suite runs on: SQLite by default, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

export type TestEnv = {
  dataDir: string;
  databaseUrl: string | undefined;
  /** Drops the PostgreSQL database and removes the data directory. */
  destroy: () => Promise<void>;
};

/** A fresh, empty database (a temp SQLite file, or a new PostgreSQL database) and data directory. */
export async function createTestEnv(adminUrl = process.env.TEST_DATABASE_URL): Promise<TestEnv> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-test-'));
  // The key file that seals stored secrets lives beside the data directory (content/secret-box.ts).
  const removeDataDir = () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(`${dataDir}.key`, { force: true });
  };
  if (!adminUrl) return { dataDir, databaseUrl: undefined, destroy: async () => removeDataDir() };
  const name = `showcase_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    destroy: async () => {
      removeDataDir();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export function testConfig(env: TestEnv, overrides: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: env.dataDir,
    DATABASE_URL: env.databaseUrl,
    ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    // Image variants are made only where a test asks for them (they cost seconds of CPU per image).
    MEDIA_WORKERS: '0',
    ...overrides,
  });
}

export type TestApp = {
  app: FastifyInstance;
  env: TestEnv;
  /** Signs in once and sends the token with every request. */
  asAdmin: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  token: () => Promise<string>;
  /** Closes the app and starts a new one on the same data directory and database. */
  restart: () => Promise<void>;
  close: () => Promise<void>;
};

export async function startTestApp(
  configOverrides: Record<string, string> = {},
  buildOptions: BuildOptions = { web: false },
  /** Runs on the fresh database before the app starts (and migrates it). */
  prepare?: (env: TestEnv) => Promise<void>,
): Promise<TestApp> {
  const env = await createTestEnv();
  await prepare?.(env);
  const config = testConfig(env, configOverrides);
  let app = await buildApp(config, buildOptions);
  let cachedToken: string | undefined;
  const token = async () => {
    if (!cachedToken) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD } });
      if (response.statusCode !== 200) throw new Error(`login failed in test setup: ${response.body}`);
      cachedToken = response.json().data.token as string;
    }
    return cachedToken;
  };
  const handle: TestApp = {
    get app() {
      return app;
    },
    env,
    token,
    asAdmin: async (options) =>
      app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${await token()}` } }),
    restart: async () => {
      await app.close();
      app = await buildApp(config, buildOptions);
    },
    close: async () => {
      await app.close();
      await env.destroy();
    },
  };
  return handle;
}

/**
 * A public address as a visitor gets it once the renders a write started have finished. Right after
 * a write the first visit starts one fresh render and may be given the previous page meanwhile
 * (stale-while-revalidate, decision 008); the second visit, after that render is kept, reads the
 * write. Tests read their own writes with it instead of polling (decision 058).
 */
export async function visitAfterWrite(app: FastifyInstance, url: string): Promise<LightMyRequestResponse> {
  await app.inject({ method: 'GET', url });
  await Promise.all([app.renderCache.settled(), app.redirectCache.settled()]);
  return app.inject({ method: 'GET', url });
}
