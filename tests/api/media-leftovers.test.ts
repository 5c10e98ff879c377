import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepMedia } from '../../src/server/modules/media/media-sweep';
import { LocalDiskMediaStore } from '../../src/server/modules/media/media-store';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
const host = os.hostname().replace(/[^A-Za-z0-9.]/g, '_');
const twoDaysAgo = () => new Date(Date.now() - 2 * DAY_MS);

/** The id of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe(`media leftovers (${testDatabaseKind})`, () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp();
    dir = t.app.ctx.config.mediaDir;
  });
  afterAll(async () => t.close());

  it('at start-up removes the partial upload of a process that died, even a fresh one, and keeps those of live writers', async () => {
    const dead = path.join(dir, `.partial-${host}~${deadPid()}~${randomUUID()}`);
    const live = path.join(dir, `.partial-${host}~${process.pid}~${randomUUID()}`);
    const otherHost = path.join(dir, `.partial-elsewhere~1~${randomUUID()}`);
    for (const file of [dead, live, otherHost]) fs.writeFileSync(file, 'half a video');
    await t.restart();
    expect(fs.existsSync(dead)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
    expect(fs.existsSync(otherHost)).toBe(true);
    fs.rmSync(live);
    fs.rmSync(otherHost);
  });

  it('the sweep reports files without rows and rows without files, and removes them only after the grace period', async () => {
    const db = t.app.ctx.db;
    const keptKey = `${randomUUID()}.png`;
    fs.writeFileSync(path.join(dir, keptKey), 'a recorded image');
    const variant = keptKey.replace('.png', '-w400.webp');
    fs.writeFileSync(path.join(dir, variant), 'a variant of it');
    const orphan = `${randomUUID()}.png`;
    fs.writeFileSync(path.join(dir, orphan), 'never recorded');
    const missingKey = `${randomUUID()}.jpg`;
    const row = (key: string, createdAt: string) => ({
      id: randomUUID(),
      url: `/uploads/${key}`,
      storage_key: key,
      mime_type: 'image/png',
      size_bytes: 10,
      created_at: createdAt,
      original_name: key,
      alt: '',
      decorative: 0,
      width: null,
      height: null,
      placeholder: '',
      focal_x: 0.5,
      focal_y: 0.5,
      variants: '[]',
      variants_status: 'none',
      variants_claimed_at: null,
      variants_attempts: 0,
    });
    await db.insertInto('media').values([row(keptKey, new Date().toISOString()), row(missingKey, new Date().toISOString())]).execute();

    const young = await sweepMedia(db, new LocalDiskMediaStore(dir), t.app.log);
    expect(young.orphanFiles).toEqual([{ name: orphan, removed: false }]);
    expect(young.missingFiles).toEqual([{ key: missingKey, forgotten: false }]);
    expect(fs.existsSync(path.join(dir, orphan))).toBe(true);

    fs.utimesSync(path.join(dir, orphan), twoDaysAgo(), twoDaysAgo());
    await db.updateTable('media').set({ created_at: twoDaysAgo().toISOString() }).where('storage_key', '=', missingKey).execute();
    const old = await sweepMedia(db, new LocalDiskMediaStore(dir), t.app.log);
    expect(old.orphanFiles).toEqual([{ name: orphan, removed: true }]);
    expect(old.missingFiles).toEqual([{ key: missingKey, forgotten: true }]);
    expect(fs.existsSync(path.join(dir, orphan))).toBe(false);
    expect(fs.existsSync(path.join(dir, keptKey))).toBe(true);
    expect(fs.existsSync(path.join(dir, variant))).toBe(true);
    const keys = (await db.selectFrom('media').select('storage_key').execute()).map((r) => r.storage_key);
    expect(keys).toContain(keptKey);
    expect(keys).not.toContain(missingKey);
  });
});
