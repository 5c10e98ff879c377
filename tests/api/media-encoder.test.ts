import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { startBuiltServer, isBuilt, type BuiltServer } from '../helpers/built-server';
import { ADMIN_PASSWORD, createTestEnv, testDatabaseKind, type TestEnv } from '../helpers/test-app';
import { imageForm, noisyJpeg } from '../helpers/media';
import { aProduct } from '../helpers/factories';

/** The processes whose parent is `pid`, with their command lines. */
const childrenOf = (pid: number) =>
  fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const parent = Number(/PPid:\s+(\d+)/.exec(fs.readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]);
        return parent === pid ? [{ pid: Number(entry), args: fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0') }] : [];
      } catch {
        return [];
      }
    });

/** The nice value (field 19) and scheduling policy (field 41) of every thread of `pid`. */
const threadPriorities = (pid: number) =>
  fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
    const fields = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const after = fields.slice(fields.lastIndexOf(')') + 2).split(' ');
    return { nice: Number(after[16]), policy: Number(after[38]) };
  });
const SCHED_IDLE = 5;
const hasChrt = spawnSync('chrt', ['--help'], { stdio: 'ignore' }).status === 0;

// The built server (`npm run build`) as a real cluster: two HTTP workers and one image encoder (docs/decisions/055).
describe.skipIf(!isBuilt() || process.platform !== 'linux')(`image variants beside visitors (${testDatabaseKind})`, () => {
  let env: TestEnv;
  let server: BuiltServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await env?.destroy();
  }, 30_000);

  it('makes them in one encoder process per machine at a lower priority, and the pages drawing them show the renditions', { timeout: 120_000 }, async () => {
    env = await createTestEnv();
    server = await startBuiltServer(
      { DATA_DIR: env.dataDir, DATABASE_URL: env.databaseUrl ?? '', ADMIN_PASSWORD, WEB_CONCURRENCY: '2', MEDIA_WORKERS: '1' },
      { startTimeoutMs: 60_000 },
    );
    const BASE = server.baseUrl;
    const primary = server.process.pid!;
    await expect.poll(() => childrenOf(primary).length, { timeout: 10_000 }).toBe(3);
    const children = childrenOf(primary);
    const encoders = children.filter((child) => child.args.includes('media:encoder'));
    expect(encoders).toHaveLength(1);
    const encoder = encoders[0]!.pid;
    expect(os.getPriority(encoder)).toBe(19);
    // Every thread of it, libvips' and libuv's included, runs at the lowest priority (and, with chrt, only when a core is idle); the HTTP workers do not.
    await expect.poll(() => threadPriorities(encoder).every(({ nice, policy }) => nice === 19 && (!hasChrt || policy === SCHED_IDLE)), { timeout: 5_000 }).toBe(true);
    for (const worker of children.filter((child) => child.pid !== encoder)) {
      expect(os.getPriority(worker.pid)).toBe(0);
      expect(threadPriorities(worker.pid).every(({ policy }) => policy === 0)).toBe(true);
    }

    const login = await fetch(`${BASE}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: ADMIN_PASSWORD }) });
    const authorization = `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`;
    const uploaded = await fetch(`${BASE}/api/upload/image`, { method: 'POST', headers: { authorization }, body: imageForm('image', await noisyJpeg(900, 600), 'photo.jpg') });
    expect(uploaded.status).toBe(200);
    const url = ((await uploaded.json()) as { data: { url: string } }).data.url;
    const created = await fetch(`${BASE}/api/products`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(aProduct({ slug: 'encoded', mainImage: url, status: 'published' })),
    });
    expect(created.status).toBe(201);
    const pageBodies = () => Promise.all(Array.from({ length: 10 }, async () => (await fetch(`${BASE}/product/encoded`, { headers: { connection: 'close' } })).text()));
    await pageBodies();

    // The encoder's batch reaches both workers through the primary: every cached copy of the page draws the renditions.
    const avif = `${url.replace('.jpg', '')}-w320.avif 320w`;
    await expect.poll(async () => (await pageBodies()).every((body) => body.includes(avif)), { timeout: 100_000, interval: 500 }).toBe(true);
  });
});
