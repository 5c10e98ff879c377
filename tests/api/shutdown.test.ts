import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnBuiltServer, startBuiltServer, isBuilt, type BuiltServer } from '../helpers/built-server';
import { ADMIN_PASSWORD, createTestEnv, type TestEnv } from '../helpers/test-app';

// Runs the built server (dist/server/main.js, made by `npm run build`) as a real process.
describe.skipIf(!isBuilt())('the server process', () => {
  let env: TestEnv;
  let server: BuiltServer | undefined;
  afterAll(async () => {
    server?.process.kill('SIGKILL');
    await env?.destroy();
  });

  // A primary and its workers start: slow on a busy machine.
  it('lets an in-flight upload finish on SIGTERM, then exits cleanly', { timeout: 90_000 }, async () => {
    env = await createTestEnv();
    server = await startBuiltServer({ DATA_DIR: env.dataDir, DATABASE_URL: env.databaseUrl ?? '', ADMIN_PASSWORD });
    const { baseUrl: BASE, exited, process: child } = server;
    const login = await fetch(`${BASE}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } }).png().toBuffer();
    const boundary = 'showcase-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Buffer.concat([head, image, tail]);

    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(`${BASE}/api/upload/image`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(body.length),
        },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on('error', reject);
      // Half the body now, the rest after SIGTERM has been sent.
      request.write(body.subarray(0, 100));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => request.end(body.subarray(100)), 500);
      }, 200);
    });

    const result = await answer;
    expect(result.status).toBe(200);
    expect(JSON.parse(result.text).success).toBe(true);
    expect(await exited, server.output()).toBe(0);
    await expect(fetch(`${BASE}/api/health`)).rejects.toThrow();
    // The file the in-flight request uploaded was kept.
    const uploads = fs.readdirSync(path.join(env.dataDir, 'uploads'), { recursive: true });
    expect(uploads.length).toBeGreaterThan(0);
  });

  // A deploy may stop a server right after starting it: its workers are then still connecting and
  // preparing, and must stop as cleanly as serving ones.
  it('exits cleanly when stopped while its workers are still starting', { timeout: 90_000 }, async () => {
    const startingEnv = await createTestEnv();
    try {
      const { child, output, exited } = spawnBuiltServer(
        { WEB_CONCURRENCY: '2', DATA_DIR: startingEnv.dataDir, DATABASE_URL: startingEnv.databaseUrl ?? '', ADMIN_PASSWORD },
        await freePort(),
      );
      // The primary says it is running as soon as it has forked its workers, before they are ready.
      child.stdout!.on('data', () => {
        if (output().includes('workers')) child.kill('SIGTERM');
      });
      expect(await exited, output()).toBe(0);
    } finally {
      await startingEnv.destroy();
    }
  });

  // Decision 061: told to stop, a copy leaves the load balancer first (readiness 503 at once), serves on
  // for SHUTDOWN_DRAIN_MS with connections that close after each answer, then stops cleanly.
  it('drains: readiness 503 at once, pages and API still served meanwhile, then a clean exit', { timeout: 90_000 }, async () => {
    const drainEnv = await createTestEnv();
    const copy = await startBuiltServer({ WEB_CONCURRENCY: '1', SHUTDOWN_DRAIN_MS: '3000', DATA_DIR: drainEnv.dataDir, DATABASE_URL: drainEnv.databaseUrl ?? '', ADMIN_PASSWORD });
    try {
      const ready = () => fetch(`${copy.baseUrl}/api/health/ready`).then((response) => response.status);
      // Ready only once warm: the home and the menu's pages are rendered first.
      while ((await ready()) !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      copy.process.kill('SIGTERM');
      let readiness = await ready();
      while (readiness === 200) readiness = await ready();
      expect(readiness).toBe(503);
      const notReady = await fetch(`${copy.baseUrl}/api/health/ready`);
      expect(await notReady.json()).toEqual({ success: false, error: 'Not ready: shutting down' });
      // Still serving while the load balancer takes it out; each answer closes its connection.
      const home = await fetch(`${copy.baseUrl}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get('connection')).toBe('close');
      expect((await fetch(`${copy.baseUrl}/api/categories`)).status).toBe(200);
      expect(await copy.exited, copy.output()).toBe(0);
      await expect(fetch(`${copy.baseUrl}/api/health`)).rejects.toThrow();
    } finally {
      await copy.stop(1_000);
      await drainEnv.destroy();
    }
  });
});
