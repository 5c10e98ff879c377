import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { makeReadOnly, mountSmallDisk, type SmallDisk } from '../helpers/small-disk';
import { startTestApp, testConfig, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { aProduct, aTag } from '../helpers/factories';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(testDatabaseKind === 'sqlite')('SQLite faults', () => {
  describe('a write lock held by another process (a backup, a shell)', () => {
    let t: TestApp;
    let other: SQLite.Database;
    beforeAll(async () => {
      t = await startTestApp();
      other = new SQLite(path.join(t.env.dataDir, 'showcase.db'));
    });
    afterAll(async () => {
      other?.close();
      await t?.close();
    });

    const createTag = (title: string) => t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title }) });

    it('a short hold: the write waits and succeeds, and the process keeps answering meanwhile', async () => {
      await t.token();
      other.exec('begin immediate');
      setTimeout(() => other.exec('commit'), 1_000);
      const lag = monitorEventLoopDelay({ resolution: 10 });
      lag.enable();
      const started = Date.now();
      const [write, read] = await Promise.all([
        createTag('Waited for the lock'),
        sleep(200).then(async () => {
          const readStarted = Date.now();
          const response = await t.app.inject({ method: 'GET', url: '/api/tags' });
          return { status: response.statusCode, ms: Date.now() - readStarted };
        }),
      ]);
      lag.disable();
      const maxLagMs = lag.max / 1e6;
      console.info('sqlite short lock', { writeMs: Date.now() - started, read, maxLagMs });
      expect(write.statusCode).toBe(201);
      expect(read.status).toBe(200);
      expect(read.ms).toBeLessThan(500);
      // better-sqlite3 waits synchronously only up to its short busy_timeout at a time.
      expect(maxLagMs).toBeLessThan(500);
    });

    it('a long hold: the write answers 503 with Retry-After after a few seconds; nothing acknowledged is lost', async () => {
      other.exec('begin immediate');
      let answered;
      const started = Date.now();
      try {
        answered = await createTag('Refused while locked');
      } finally {
        other.exec('commit');
      }
      const ms = Date.now() - started;
      console.info('sqlite long lock', { status: answered.statusCode, ms });
      expect(answered.statusCode).toBe(503);
      expect(answered.headers['retry-after']).toBe('2');
      expect(answered.json()).toEqual({ success: false, error: expect.stringMatching(/busy/) });
      expect(ms).toBeGreaterThan(1_500);
      expect(ms).toBeLessThan(6_000);

      const after = await createTag('After the lock');
      expect(after.statusCode).toBe(201);
      const titles = (await t.app.inject({ method: 'GET', url: '/api/tags' })).json().data.map((tag: { title: string }) => tag.title);
      expect(titles).toEqual(expect.arrayContaining(['Waited for the lock', 'After the lock']));
      expect(titles).not.toContain('Refused while locked');
    });
  });

  describe('a full disk (a real 6 MB tmpfs as DATA_DIR)', () => {
    let disk: SmallDisk | null;
    let t: TestApp | undefined;
    beforeAll(async () => {
      disk = mountSmallDisk(6);
      if (!disk) console.info('full disk: skipped, mounting a tmpfs needs root');
    });
    afterAll(async () => {
      await t?.app.close();
      disk?.unmount();
    });

    it('writes answer 507 "Storage is full", reads go on, readiness fails; freed space brings writes back; nothing acknowledged is lost', async (context) => {
      if (!disk) return context.skip();
      t = await startTestApp({ DATA_DIR: disk.dir });
      const description = `<p>${'x'.repeat(50_000)}</p>`;
      const product = (n: number) => aProduct({ slug: `full-${n}`, title: `Full ${n}`, description });
      const acknowledged: string[] = [];
      for (let n = 0; n < 5; n++) {
        const response = await t.asAdmin({ method: 'POST', url: '/api/products', payload: product(n) });
        expect(response.statusCode).toBe(201);
        acknowledged.push(response.json().data.slug);
      }
      const filler = disk.fill();

      let refused;
      for (let n = 5; n < 200 && !refused; n++) {
        const response = await t.asAdmin({ method: 'POST', url: '/api/products', payload: product(n) });
        if (response.statusCode === 201) acknowledged.push(response.json().data.slug);
        else refused = response;
      }
      expect(refused?.statusCode).toBe(507);
      expect(refused?.json()).toEqual({ success: false, error: expect.stringMatching(/^Storage is full/) });

      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).png().toBuffer();
      const upload = await t.asAdmin({
        method: 'POST',
        url: '/api/upload/image',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        payload: Buffer.concat([
          Buffer.from('--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'),
          png,
          Buffer.from('\r\n--b--\r\n'),
        ]),
      });
      expect(upload.statusCode).toBe(507);
      expect(fs.readdirSync(path.join(disk.dir, 'uploads')).filter((name) => name.startsWith('.partial-'))).toEqual([]);

      const read = await t.app.inject({ method: 'GET', url: '/api/products' });
      expect(read.statusCode).toBe(200);
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error).toMatch(/storage is full|free under DATA_DIR/);
      console.info('full disk', { acknowledged: acknowledged.length, refused: refused?.statusCode, ready: ready.json().error });

      fs.rmSync(filler);
      const again = await t.asAdmin({ method: 'POST', url: '/api/products', payload: product(500) });
      expect(again.statusCode).toBe(201);
      acknowledged.push(again.json().data.slug);
      expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);

      await t.restart();
      const slugs = (await t.app.inject({ method: 'GET', url: '/api/products' })).json().data.map((p: { slug: string }) => p.slug);
      expect(slugs.sort()).toEqual([...acknowledged].sort());
    });
  });

  describe('a read-only database file', () => {
    it('stops the start-up with a message that says so; once writable again, it starts with its data', async (context) => {
      const t = await startTestApp();
      const created = await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title: 'Kept' }) });
      expect(created.statusCode).toBe(201);
      await t.app.close();
      const file = path.join(t.env.dataDir, 'showcase.db');
      const readOnly = makeReadOnly(file);
      if (!readOnly) {
        console.info('read-only file: skipped, neither file modes nor chattr can make it read-only here');
        await t.env.destroy();
        return context.skip();
      }
      try {
        await expect(buildApp(testConfig(t.env), { web: false })).rejects.toThrow(/showcase\.db cannot be written \(SQLITE_READONLY/);
      } finally {
        readOnly.undo();
      }
      const app = await buildApp(testConfig(t.env), { web: false });
      const tags = (await app.inject({ method: 'GET', url: '/api/tags' })).json().data;
      expect(tags.map((tag: { title: string }) => tag.title)).toEqual(['Kept']);
      await app.close();
      await t.env.destroy();
    });
  });
});
