import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startBuiltServer, isBuilt, type BuiltServer } from '../helpers/built-server';
import { ADMIN_PASSWORD, createTestEnv, type TestEnv } from '../helpers/test-app';

/** The parent process of `pid` (undefined once it has gone). */
const parentOf = (pid: string) => {
  try {
    return Number(/PPid:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  } catch {
    return undefined;
  }
};

// The built server (`npm run build`) as a real cluster: a primary and two workers on one database.
describe.skipIf(!isBuilt())('the server on every core', () => {
  let env: TestEnv;
  let server: BuiltServer | undefined;
  afterAll(async () => {
    // The primary lets its workers drain and stop; only then may their data directory go.
    await server?.stop();
    await env?.destroy();
  }, 30_000);

  // Three processes start (a primary and two workers): slow on a busy machine.
  it('prepares the database once, and a write through one worker refreshes the pages of the others', { timeout: 120_000 }, async () => {
    env = await createTestEnv();
    server = await startBuiltServer(
      {
        DATA_DIR: env.dataDir,
        DATABASE_URL: env.databaseUrl ?? '',
        ADMIN_PASSWORD,
        SEED_DEMO: 'true',
        WEB_CONCURRENCY: '2',
        // The demo's image variants would only compete for the two cores.
        MEDIA_WORKERS: '0',
      },
      { startTimeoutMs: 60_000 },
    );
    const BASE = server.baseUrl;
    expect(server.output()).toContain('with 2 workers');

    // Each worker runs with the memory settings the primary gives it at fork (src/server/cluster/worker-memory.ts).
    const workerPids = fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry) && parentOf(entry) === server?.process.pid);
    expect(workerPids).toHaveLength(2);
    for (const pid of workerPids) {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(args).toEqual(expect.arrayContaining(['--max-semi-space-size=4', '--heap-growing-percent=100']));
      expect(fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')).toContain('MALLOC_ARENA_MAX=2');
    }

    // Seeded once: each demo slug exists once.
    const products = (await (await fetch(`${BASE}/api/products`)).json()).data as { slug: string }[];
    expect(products.length).toBeGreaterThan(0);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);

    // Warm the cached /about page in both workers (connections are spread across them).
    const aboutBodies = async (count: number) => Promise.all(Array.from({ length: count }, async () => (await fetch(`${BASE}/about`, { headers: { connection: 'close' } })).text()));
    await aboutBodies(20);

    const login = await fetch(`${BASE}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: ADMIN_PASSWORD }) });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const saved = await fetch(`${BASE}/api/about`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ heroConfig: { title: 'Written by one worker' }, content: null }),
    });
    expect(saved.status).toBe(200);

    // After one fresh render per worker, every worker serves the new page.
    await expect
      .poll(async () => (await aboutBodies(20)).every((body) => body.includes('Written by one worker')), { timeout: 10_000, interval: 200 })
      .toBe(true);
  });
});
