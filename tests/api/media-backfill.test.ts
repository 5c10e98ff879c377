import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { Migrator, sql, type Migration } from 'kysely';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import * as initial from '../../src/server/db/migrations/2026-11-21-0001-initial';
import { runVariantBackfill } from '../../src/server/cli/media-variants';
import { createTestEnv, testConfig, testDatabaseKind, type TestEnv } from '../helpers/test-app';
import { noisyJpeg } from '../helpers/media';

/** Collects what the command prints. */
function output() {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}

/**
 * A data directory as the app left it before variants existed: the first
 * migration only, files in uploads/, rows without size or variants.
 */
async function oldDataDir(env: TestEnv, count: number): Promise<string[]> {
  const database = openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  const migrations: Record<string, Migration> = { '2026-11-21-0001-initial': initial };
  await new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
  const uploads = path.join(env.dataDir, 'uploads');
  fs.mkdirSync(uploads, { recursive: true });
  const keys: string[] = [];
  for (let index = 0; index < count; index++) {
    const key = `${randomUUID()}.jpg`;
    const bytes = await noisyJpeg(700 + index * 10, 400);
    fs.writeFileSync(path.join(uploads, key), bytes);
    // The row as the first schema had it (the app's row type already knows the later columns).
    await sql`insert into media (id, url, storage_key, mime_type, size_bytes, created_at)
      values (${randomUUID()}, ${`/uploads/${key}`}, ${key}, 'image/jpeg', ${bytes.length}, ${new Date(Date.now() - index).toISOString()})`.execute(database.db);
    keys.push(key);
  }
  await database.close();
  return keys;
}

describe(`npm run media:variants on old uploads (${testDatabaseKind})`, () => {
  let env: TestEnv;
  beforeEach(async () => {
    env = await createTestEnv();
  });
  afterEach(async () => env.destroy());

  it('makes the variants of every earlier image with a progress bar, and does nothing the second time', async () => {
    const keys = await oldDataDir(env, 3);
    const config = testConfig(env);

    const first = output();
    expect(await runVariantBackfill(config, { out: first.stream })).toEqual({ processed: 3, failed: 0 });
    expect(first.text()).toContain('[##############################] 3/3 images');
    expect(first.text()).toContain('3 processed; 3 images have variants; 0 failed');

    const uploads = path.join(env.dataDir, 'uploads');
    for (const key of keys) {
      const base = key.replace('.jpg', '');
      for (const name of [`${base}-w320.avif`, `${base}-w640.webp`, `${base}-w320.jpg`]) {
        expect(fs.existsSync(path.join(uploads, name)), name).toBe(true);
      }
      const meta = await sharp(path.join(uploads, `${base}-w640.webp`)).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', 640]);
    }
    const filesAfterFirst = fs.readdirSync(uploads).sort();

    const second = output();
    expect(await runVariantBackfill(config, { out: second.stream })).toEqual({ processed: 0, failed: 0 });
    expect(second.text()).toContain('0 processed; 3 images have variants');
    expect(fs.readdirSync(uploads).sort()).toEqual(filesAfterFirst);
  }, 120_000); // AVIF encoding of every width on a busy 2-core machine

  it('resumes: an image left half-done by a stopped run is made again, keeping the files it already has', async () => {
    const [key] = await oldDataDir(env, 1);
    const config = testConfig(env);
    const database = openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
    // Bring the schema up to date, then leave the row as a run that died an hour ago would.
    await runVariantBackfill(config, { out: output().stream });
    const stale = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    await database.db.updateTable('media').set({ variants_status: 'running', variants_claimed_at: stale }).execute();
    const base = key!.replace('.jpg', '');
    const kept = path.join(env.dataDir, 'uploads', `${base}-w320.avif`);
    const keptStat = fs.statSync(kept);
    fs.rmSync(path.join(env.dataDir, 'uploads', `${base}-w640.webp`));
    await database.db.updateTable('media').set({ variants: JSON.stringify([{ key: `${base}-w320.avif`, format: 'avif', width: 320, height: 183, bytes: keptStat.size }]) }).execute();
    await database.close();

    expect(await runVariantBackfill(config, { out: output().stream })).toEqual({ processed: 1, failed: 0 });
    expect(fs.existsSync(path.join(env.dataDir, 'uploads', `${base}-w640.webp`))).toBe(true);
    expect(fs.statSync(kept).mtimeMs).toBe(keptStat.mtimeMs);
  }, 120_000); // AVIF encoding of every width on a busy 2-core machine
});
