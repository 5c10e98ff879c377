import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { mediaObjects } from '../../src/server/modules/backup/media-objects';
import { backupTarget } from '../helpers/backup-archive';
import { restoreBackup, RestoreRefusedError } from '../../src/server/modules/backup/restore-backup';
import { writeBackup } from '../../src/server/modules/backup/write-backup';
import { ADMIN_PASSWORD, createTestEnv, type TestEnv } from '../helpers/test-app';
import { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, startS3TestServer, type S3TestServer } from '../helpers/s3-test-server';
import { runCli } from '../helpers/run-cli';
import { aTag } from '../helpers/factories';

// The round trip needs a real PostgreSQL: TEST_DATABASE_URL, or the local server the project's tests use.
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Site = { app: FastifyInstance; env: TestEnv; vars: Record<string, string | undefined>; token: string };

describe('backup and restore', () => {
  let s3: S3TestServer;
  const sites: Site[] = [];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-backup-test-'));

  const varsOf = (env: TestEnv, extra: Record<string, string> = {}) => ({
    DATA_DIR: env.dataDir,
    DATABASE_URL: env.databaseUrl,
    ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    // Variants made in the background would change the site between its snapshot and its backup.
    MEDIA_WORKERS: '0',
    ...extra,
  });
  async function startSite(kind: 'sqlite' | 'postgres', extra: Record<string, string> = {}): Promise<Site> {
    const env = await createTestEnv(kind === 'postgres' ? PG_ADMIN_URL : '');
    const vars = varsOf(env, extra);
    const app = await buildApp(loadConfig(vars), { web: false });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD } });
    const site = { app, env, vars, token: login.json().data.token as string };
    sites.push(site);
    return site;
  }
  const s3Vars = (bucket: string) => ({ S3_BUCKET: bucket, S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PREFIX: 'media/' });
  const backupTo = async (site: Site, name: string) => {
    const file = path.join(work, name);
    await writeBackup(backupTarget(site), fs.createWriteStream(file));
    return file;
  };

  /** What visitors and the admin read: every content route, with ids and order, and every media file's bytes. */
  async function snapshot(site: Site) {
    const get = async (url: string) => {
      const response = await site.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${site.token}` } });
      expect(response.statusCode, url).toBe(200);
      return response.json();
    };
    const answers: Record<string, unknown> = {};
    for (const url of ['/api/products', '/api/categories', '/api/tags', '/api/homepage', '/api/about', '/api/theme', '/api/newsletter/subscribers']) {
      answers[url] = await get(url);
    }
    for (const product of (answers['/api/products'] as { data: Array<{ id: string; slug: string }> }).data) {
      answers[`/api/products/${product.id}`] = await get(`/api/products/${product.id}`);
      answers[`/api/products/slug/${product.slug}`] = await get(`/api/products/slug/${product.slug}`);
    }
    const media: Record<string, string> = {};
    for (const object of await mediaObjects(site.app.ctx.config).list()) {
      const response = await site.app.inject({ method: 'GET', url: `/uploads/${object.key}` });
      expect(response.statusCode, object.key).toBe(200);
      media[object.key] = response.rawPayload.toString('base64');
    }
    return { answers, media };
  }

  let original: Site;
  let expected: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    s3 = await startS3TestServer(['round-trip']);
    // The demo site: products, categories, tags, singletons, pictures and videos on local disk.
    const env = await createTestEnv('');
    const vars = varsOf(env, { SEED_DEMO: 'true' });
    const app = await buildApp(loadConfig(vars), { web: false });
    const token = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD } })).json().data.token as string;
    original = { app, env, vars, token };
    sites.push(original);
    await app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'reader@example.com' } });
    // A file the media table does not name (as an image variant would be): the store is listed, not the table.
    // Its bytes start like a WebP: a restore takes back only files an upload could have made.
    fs.writeFileSync(path.join(app.ctx.config.mediaDir, 'extra-variant-480.webp'), Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 '), Buffer.alloc(32)]));
    expected = await snapshot(original);
    expect(Object.keys(expected.media).length).toBeGreaterThan(10);
    expect((expected.answers['/api/products'] as { data: unknown[] }).data.length).toBeGreaterThan(3);
  }, 120_000);

  afterAll(async () => {
    for (const site of sites) {
      await site.app.close().catch(() => {});
      await site.env.destroy().catch(() => {});
    }
    await s3?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('round-trips SQLite + disk → PostgreSQL + S3 → SQLite + disk with identical answers and media bytes', async () => {
    const first = await backupTo(original, 'from-sqlite.tar.gz');
    const onPg = await startSite('postgres', s3Vars('round-trip'));
    const restored = await restoreBackup(first, backupTarget(onPg), { force: false });
    expect(restored.mediaFiles).toBe(Object.keys(expected.media).length);
    expect(await s3.keys('round-trip')).toContain('media/extra-variant-480.webp');
    // Sessions are not carried over: sign in again on the restored site.
    onPg.token = (await onPg.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD } })).json().data.token;
    expect(await snapshot(onPg)).toEqual(expected);

    const second = await backupTo(onPg, 'from-postgres.tar.gz');
    const back = await startSite('sqlite');
    await restoreBackup(second, backupTarget(back), { force: false });
    back.token = (await back.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD } })).json().data.token;
    expect(await snapshot(back)).toEqual(expected);
  }, 120_000);

  it('refuses a site with content unless forced; forced, it replaces content and media', async () => {
    const file = await backupTo(original, 'force.tar.gz');
    const busy = await startSite('sqlite');
    const made = await busy.app.inject({ method: 'POST', url: '/api/tags', payload: aTag({ title: 'Only here' }), headers: { authorization: `Bearer ${busy.token}` } });
    expect(made.statusCode).toBe(201);
    fs.writeFileSync(path.join(busy.app.ctx.config.mediaDir, 'stray.jpg'), 'stray');
    await expect(restoreBackup(file, backupTarget(busy), { force: false })).rejects.toThrow(RestoreRefusedError);
    expect((await busy.app.inject({ method: 'GET', url: '/api/tags' })).json().data).toHaveLength(1);

    const summary = await restoreBackup(file, backupTarget(busy), { force: true });
    expect(summary.removedMediaFiles).toBe(1);
    busy.token = (await busy.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD } })).json().data.token;
    expect(await snapshot(busy)).toEqual(expected);
  }, 60_000);

  it('npm run restore refuses a damaged archive, exits non-zero, and changes nothing', async () => {
    const good = await backupTo(original, 'good.tar.gz');
    const bytes = fs.readFileSync(good);
    // One byte flipped in the middle of the compressed data.
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 0xff;
    const damaged = path.join(work, 'damaged.tar.gz');
    fs.writeFileSync(damaged, bytes);

    const site = await startSite('sqlite');
    const before = await snapshot(site);
    const result = await runCli(['restore', damaged], site.vars);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/damaged/);
    expect(await snapshot(site)).toEqual(before);

    // A never-started DATA_DIR stays untouched too.
    const fresh = path.join(work, 'never-started');
    const freshResult = await runCli(['restore', damaged], { ...site.vars, DATA_DIR: fresh, DATABASE_URL: undefined });
    expect(freshResult.code).not.toBe(0);
    expect(fs.existsSync(fresh)).toBe(false);
  }, 60_000);

  it('refuses an archive whose contents do not match the manifest checksums', async () => {
    // Rebuild a valid gzip whose tar holds a changed media file but the old manifest.
    const tar = (await import('tar-stream')).default;
    const { createGunzip, createGzip } = await import('node:zlib');
    const { pipeline } = await import('node:stream/promises');
    const good = await backupTo(original, 'to-tamper.tar.gz');
    const tampered = path.join(work, 'tampered.tar.gz');
    const extract = tar.extract();
    const pack = tar.pack();
    let changed = false;
    extract.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
      stream.on('end', () => {
        let data = Buffer.concat(chunks);
        if (!changed && header.name.startsWith('media/')) {
          data = Buffer.from(data);
          data[0] = data[0]! ^ 1;
          changed = true;
        }
        pack.entry({ name: header.name, size: data.length }, data, next);
      });
    });
    extract.on('finish', () => pack.finalize());
    await Promise.all([pipeline(fs.createReadStream(good), createGunzip(), extract), pipeline(pack, createGzip(), fs.createWriteStream(tampered))]);

    const site = await startSite('sqlite');
    const result = await runCli(['restore', tampered], site.vars);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/does not match its checksum/);
    expect(await mediaObjects(site.app.ctx.config).list()).toEqual([]);
  }, 60_000);

  it('npm run backup writes the archive from the command line; the admin downloads the same', async () => {
    const file = path.join(work, 'cli.tar.gz');
    const result = await runCli(['backup', file], original.vars);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Wrote .*cli\.tar\.gz/);
    const site = await startSite('sqlite');
    await restoreBackup(file, backupTarget(site), { force: false });
    site.token = (await site.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD } })).json().data.token;
    expect(await snapshot(site)).toEqual(expected);

    expect((await original.app.inject({ method: 'GET', url: '/api/backup' })).statusCode).toBe(401);
    const download = await original.app.inject({ method: 'GET', url: '/api/backup', headers: { authorization: `Bearer ${original.token}` } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="showcase-backup-.*\.tar\.gz"$/);
    const downloaded = path.join(work, 'downloaded.tar.gz');
    fs.writeFileSync(downloaded, download.rawPayload);
    const other = await startSite('sqlite');
    await restoreBackup(downloaded, backupTarget(other), { force: false });
    other.token = (await other.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD } })).json().data.token;
    expect(await snapshot(other)).toEqual(expected);
  }, 60_000);
});
