import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMigrations, migrateToLatest } from '../../src/server/db/database';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** Readiness tells the load balancer the truth about a copy's life (decisions 061 and 062). */
describe("readiness through a copy's life", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const readiness = () => t.app.inject({ method: 'GET', url: '/api/health/ready' });

  it('is not ready while its page cache is cold, ready once warm, and 503 at once when told to stop', async () => {
    const { lifecycle } = t.app.ctx;
    expect(lifecycle.migrations).toEqual({ pending: [], ahead: [] });
    lifecycle.cache = 'cold';
    const cold = await readiness();
    expect(cold.statusCode).toBe(503);
    expect(cold.json().error).toBe('Not ready: warming the page cache');
    lifecycle.cache = 'warm';
    expect((await readiness()).statusCode).toBe(200);
    lifecycle.draining = true;
    try {
      const stopping = await readiness();
      expect(stopping.statusCode).toBe(503);
      expect(stopping.headers['retry-after']).toBe('5');
      expect(stopping.json().error).toBe('Not ready: shutting down');
      // Everything else is still served during the drain.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      lifecycle.draining = false;
    }
  });

  it('an older build starts on a database a newer one has expanded, and refuses one it cannot migrate', async () => {
    const db = t.app.ctx.db;
    await sql`insert into kysely_migration (name, timestamp) values (${'2099-01-01-0001-newer-build'}, ${new Date().toISOString()})`.execute(db);
    try {
      expect(await checkMigrations(db)).toEqual({ pending: [], ahead: ['2099-01-01-0001-newer-build'] });
      // Restarting this (older) build mid-deploy: it starts and says so, instead of Kysely's "corrupted migrations".
      await t.restart();
      expect(t.app.ctx.lifecycle.migrations).toEqual({ pending: [], ahead: ['2099-01-01-0001-newer-build'] });
      expect((await readiness()).statusCode).toBe(200);
      // Missing one of its own as well: that database is not one this build can run on.
      const last = (await sql<{ name: string }>`select name from kysely_migration where name < '2099' order by name desc limit 1`.execute(t.app.ctx.db)).rows[0]!.name;
      await sql`delete from kysely_migration where name = ${last}`.execute(t.app.ctx.db);
      await expect(migrateToLatest(t.app.ctx.db)).rejects.toThrow(/does not know \(2099-01-01-0001-newer-build\) and lacks/);
      await sql`insert into kysely_migration (name, timestamp) values (${last}, ${new Date().toISOString()})`.execute(t.app.ctx.db);
    } finally {
      await sql`delete from kysely_migration where name = ${'2099-01-01-0001-newer-build'}`.execute(t.app.ctx.db);
    }
  });
});
