import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestEnv, startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { makeZip } from '../helpers/zip';
import { runCli } from '../helpers/run-cli';

/** Issue 31: `npm run import` and `npm run export` on the configured site. */
const FIXTURES = path.join(import.meta.dirname, '../fixtures/import');
const HEADER = 'slug,title,description,duration,categories,tags,edition,price,currency,compareAtPrice,saleEndsAt,availability,buyLink,mainImage,gallery,seoTitle,seoDescription\r\n';
const row = (slug: string, main: string, gallery = '') => `${slug},Course ${slug},<p>About ${slug}</p>,2 hours,,,,10,EUR,,,,https://shop.example.com/${slug},${main},${gallery},,\r\n`;

describe(`import and export from the command line (${testDatabaseKind})`, () => {
  let t: TestApp;
  let folder: string;
  beforeAll(async () => {
    t = await startTestApp();
    folder = mkdtempSync(path.join(tmpdir(), 'transfer-cli-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(folder, { recursive: true, force: true });
  });
  const cliEnv = () => ({ DATA_DIR: t.env.dataDir, DATABASE_URL: t.env.databaseUrl });
  const products = async () => (await t.app.ctx.db.selectFrom('products').select('slug').orderBy('slug').execute()).map((row) => row.slug);

  it('a dry run prints the report and changes nothing; the import applies it; the export writes the file', async () => {
    const file = path.join(FIXTURES, 'shopify-products.csv');
    const dry = await runCli(['import', file, '--dry-run', '--shop-url', 'https://shop.example.com'], cliEnv());
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toEqual({ success: true, data: { dialect: 'shopify', created: 2, updated: 0, unchanged: 0, errors: [] } });
    expect(await products()).toEqual([]);

    const applied = await runCli(['import', file, '--format', 'shopify', '--shop-url', 'https://shop.example.com'], cliEnv());
    expect(applied.code, applied.stderr).toBe(0);
    expect(JSON.parse(applied.stdout).data).toMatchObject({ created: 2, errors: [] });
    expect(await products()).toEqual(['ink-drawing', 'watercolour-basics']);

    const target = path.join(folder, 'products.csv');
    const exported = await runCli(['export', target], cliEnv());
    expect(exported.code, exported.stderr).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe((await t.asAdmin({ url: '/api/export/products.csv' })).body);
  }, 180_000);

  it('a file with errors: the report on stdout, each error on stderr, exit 1, nothing changed', async () => {
    const before = await t.app.ctx.db.selectFrom('products').selectAll().orderBy('id').execute();
    const result = await runCli(['import', path.join(FIXTURES, 'shopify-errors.csv'), '--shop-url', 'https://shop.example.com'], cliEnv());
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ success: false, data: { errors: [{ line: 4, column: 'Variant Price', message: 'not a number' }, { line: 5, column: 'Title' }] } });
    expect(result.stderr).toContain('line 4, Variant Price: not a number');
    expect(await t.app.ctx.db.selectFrom('products').selectAll().orderBy('id').execute()).toEqual(before);
  }, 60_000);

  it('--media takes images from the zip; export --with-media writes them in a zip beside the file; into an empty site the same files come back', async () => {
    const red = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 220, g: 30, b: 30 } } }).png().toBuffer();
    const zip = path.join(folder, 'in.zip');
    writeFileSync(zip, makeZip([{ name: 'red.png', data: red, deflate: true }]));
    const csv = path.join(folder, 'in.csv');
    writeFileSync(csv, HEADER + row('cli-zip', 'red.png', 'red.png'));
    const applied = await runCli(['import', csv, '--media', zip], cliEnv());
    expect(applied.code, applied.stderr).toBe(0);
    expect(JSON.parse(applied.stdout).data).toMatchObject({ created: 1, errors: [] });
    const [media] = await t.app.ctx.db.selectFrom('media').select(['url', 'storage_key', 'variants_status']).execute();
    expect(media).toMatchObject({ url: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.png$/), variants_status: 'pending' });

    const out = path.join(folder, 'out.csv');
    const exported = await runCli(['export', out, '--with-media'], cliEnv());
    expect(exported.code, exported.stderr).toBe(0);
    const mediaZip = path.join(folder, 'out.media.zip');
    expect(existsSync(mediaZip)).toBe(true);
    expect(readFileSync(out, 'utf8')).toContain(`cli-zip,Course cli-zip,<p>About cli-zip</p>,2 hours,,,,10,EUR,,,available,https://shop.example.com/cli-zip,${media!.url},${media!.url},,`);

    const empty = await createTestEnv();
    try {
      const emptyEnv = { DATA_DIR: empty.dataDir, DATABASE_URL: empty.databaseUrl };
      const moved = await runCli(['import', out, '--media', mediaZip], emptyEnv);
      expect(moved.code, moved.stderr).toBe(0);
      expect(JSON.parse(moved.stdout).data).toMatchObject({ updated: 0, unchanged: 0, errors: [] });
      const again = path.join(folder, 'again.csv');
      expect((await runCli(['export', again, '--with-media'], emptyEnv)).code).toBe(0);
      // The images keep their file names, so the catalogue reads the same in its new site.
      expect(readFileSync(again, 'utf8')).toBe(readFileSync(out, 'utf8'));
      expect(readdirSync(path.join(empty.dataDir, 'uploads')).filter((name) => !name.startsWith('.'))).toEqual([media!.storage_key]);
      expect(JSON.parse((await runCli(['import', out, '--media', mediaZip], emptyEnv)).stdout).data).toMatchObject({ created: 0, updated: 0 });
    } finally {
      await empty.destroy();
    }
  }, 240_000);

  it('--fetch-images refuses what is not https or not on a public address, each an error of its row', async () => {
    const csv = path.join(folder, 'fetch.csv');
    writeFileSync(csv, HEADER + row('plain', 'http://127.0.0.1:9/x.png') + row('private', 'https://10.1.2.3/y.png'));
    const result = await runCli(['import', csv, '--dry-run', '--fetch-images'], cliEnv());
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).data.errors).toEqual([
      { line: 2, column: 'mainImage', message: 'http://127.0.0.1:9/x.png: only https addresses are fetched' },
      { line: 3, column: 'mainImage', message: 'https://10.1.2.3/y.png: 10.1.2.3 is not a public address' },
    ]);
  }, 60_000);

  it('--map reads a column the format does not read as a field or an attribute, or leaves it out', async () => {
    const csv = path.join(folder, 'mapped.csv');
    writeFileSync(csv, 'slug,Name,description,duration,buyLink,mainImage,Level,Note\r\ncli-mapped,Mapped,<p>x</p>,1 hour,https://shop.example.com/m,https://cdn.example.com/m.jpg,Beginner,skip\r\n');
    const result = await runCli(['import', csv, '--format', 'showcase', '--map', 'Name=title', '--map', 'Level=attribute:Level', '--map', 'Note='], cliEnv());
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ success: true, data: { dialect: 'showcase', created: 1, updated: 0, unchanged: 0, errors: [] } });
    expect(result.stderr).toContain('Columns not read: Name, Level, Note');
    expect(result.stderr).toContain('Editions: 1 created, 0 updated, 0 removed; attributes: 1 created');
    expect((await t.asAdmin({ url: '/api/products/slug/cli-mapped' })).json().data).toMatchObject({ title: 'Mapped', attributes: { level: 'Beginner' } });
    const wrong = await runCli(['import', csv, '--dry-run', '--format', 'showcase', '--map', 'Nom=title'], cliEnv());
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('mapping: the file has no column “Nom”');
  }, 60_000);
});
