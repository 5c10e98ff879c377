import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { createTestEnv, type TestEnv } from './test-env';

export const ADMIN_PASSWORD = 'correct-horse-battery';

export { createTestEnv, testDatabaseKind, type TestEnv } from './test-env';

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
  // `prepare` is given the database before any migration: an empty one.
  const env = await createTestEnv(undefined, { migrated: !prepare });
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
