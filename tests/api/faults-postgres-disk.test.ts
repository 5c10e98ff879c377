import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aProduct } from '../helpers/factories';
import { mountSmallDisk, type SmallDisk } from '../helpers/small-disk';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';

/**
 * PostgreSQL on a full disk: the app's tables live in a tablespace on a tiny
 * tmpfs that the test fills, so "could not extend file" (53100) comes from the
 * server itself. Needs root and a PostgreSQL server on this machine; elsewhere
 * the test says it was skipped.
 */
function ownByPostgres(dir: string): boolean {
  try {
    execFileSync('chown', ['postgres:postgres', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe.runIf(testDatabaseKind === 'postgres')('PostgreSQL on a full disk', () => {
  let disk: SmallDisk | null = null;
  let admin: pg.Client;
  let t: TestApp | undefined;
  const tablespace = `showcase_small_${process.pid}`;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const host = new URL(process.env.TEST_DATABASE_URL!).hostname;
    disk = ['127.0.0.1', 'localhost', '::1'].includes(host) ? mountSmallDisk(16) : null;
    if (disk && !ownByPostgres(disk.dir)) {
      disk.unmount();
      disk = null;
    }
    if (!disk) return;
    // The tablespace directory must be empty and the server's own.
    fs.mkdirSync(`${disk.dir}/pg`);
    ownByPostgres(`${disk.dir}/pg`);
    await admin.query(`CREATE TABLESPACE ${tablespace} LOCATION '${disk.dir}/pg'`);
  });
  afterAll(async () => {
    await t?.close();
    // The app's database has tables in the tablespace: dropped now, not with the run's others at its end
    // (tests/helpers/postgres-run.ts), or the tablespace is not empty.
    if (t) await admin.query(`DROP DATABASE IF EXISTS ${new URL(t.env.databaseUrl!).pathname.slice(1)} WITH (FORCE)`);
    if (disk) await admin.query(`DROP TABLESPACE IF EXISTS ${tablespace}`);
    await admin?.end();
    disk?.unmount();
  });

  it('a write that needs space answers 507 "Storage is full", reads go on, and writes work again once space is freed', async (context) => {
    if (!disk) context.skip();
    t = await startTestApp({}, { web: false }, async (env) => {
      // Tables made by the migrations go to the small disk; the server's own catalogue stays where it is.
      const name = new URL(env.databaseUrl!).pathname.slice(1);
      await admin.query(`ALTER DATABASE ${name} SET default_tablespace = ${tablespace}`);
    });
    const appDb = new pg.Client({ connectionString: t.env.databaseUrl });
    await appDb.connect();
    const { rows } = await appDb.query<{ n: number }>('select count(*)::int as n from pg_tables where tablespace = $1', [tablespace]);
    await appDb.end();
    expect(rows[0]!.n).toBeGreaterThan(5);

    // A long description: the row goes to a new TOAST page, which the server must add to a file on the full disk.
    const body = (title: string) =>
      aProduct({ slug: title.toLowerCase().replaceAll(' ', '-'), title, description: `<p>${randomBytes(100_000).toString('base64')}</p>` });
    const first = await t.asAdmin({ method: 'POST', url: '/api/products', payload: body('Before the disk filled') });
    expect(first.statusCode, first.body).toBe(201);

    const filler = disk!.fill();
    const refused = await t.asAdmin({ method: 'POST', url: '/api/products', payload: body('On a full disk') });
    expect(refused.statusCode, refused.body).toBe(507);
    expect(refused.json()).toEqual({ success: false, error: 'Storage is full: the change was not saved' });
    const read = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(read.statusCode).toBe(200);
    expect((read.json().data as { title: string }[]).map((product) => product.title)).toEqual(['Before the disk filled']);

    fs.rmSync(filler);
    const again = await t.asAdmin({ method: 'POST', url: '/api/products', payload: body('After space was freed') });
    expect(again.statusCode, again.body).toBe(201);
  });
});
