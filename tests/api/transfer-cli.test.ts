import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { runCli } from '../helpers/run-cli';

/** Issue 31: `npm run import` and `npm run export` on the configured site. */
const FIXTURES = path.join(import.meta.dirname, '../fixtures/import');

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
});
