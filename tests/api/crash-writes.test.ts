import { afterAll, describe, expect, it } from 'vitest';
import { isBuilt, startBuiltServer, type BuiltServer } from '../helpers/built-server';
import { ADMIN_PASSWORD, createTestEnv, testDatabaseKind, type TestEnv } from '../helpers/test-app';
import { openDatabase } from '../../src/server/db/database';

/** Writes in flight at once while the process is killed: enough that some are mid-transaction. */
const IN_FLIGHT = 6;
/** Acknowledged writes before the kill. */
const BEFORE_KILL = 60;

/**
 * `kill -9` of the real server (`npm run build`) in the middle of a stream of
 * writes: every write the database kept has its revision and its audit entry
 * (decision 056: they are written in the write's own transaction, so a crash
 * keeps all of a write or none of it), and every acknowledged write was kept.
 */
describe.skipIf(!isBuilt())(`a kill -9 during writes (${testDatabaseKind})`, () => {
  let env: TestEnv;
  let server: BuiltServer | undefined;
  afterAll(async () => {
    server?.process.kill('SIGKILL');
    await env?.destroy();
  });

  it('leaves no committed write without its revision and audit entry', { timeout: 120_000 }, async () => {
    env = await createTestEnv();
    // One process (no cluster, no encoder): the kill ends every writer at once.
    server = await startBuiltServer({ DATA_DIR: env.dataDir, DATABASE_URL: env.databaseUrl ?? '', ADMIN_PASSWORD, WEB_CONCURRENCY: '1', MEDIA_WORKERS: '0' });
    const { baseUrl, process: child } = server;
    const login = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: ADMIN_PASSWORD }) });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const send = (method: string, url: string, body: unknown) =>
      fetch(`${baseUrl}${url}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });

    const acknowledged = { products: [] as string[], themes: 0 };
    let n = 0;
    let killed = false;
    const writeOne = async () => {
      const i = n++;
      try {
        if (i % 2 === 0) {
          const response = await send('POST', '/api/products', {
            slug: `crash-${i}`,
            title: `Crash ${i}`,
            duration: '1 hour',
            mainImage: `/uploads/crash-${i}.jpg`,
            buyLink: 'https://shop.example.com/crash',
            description: `<p>Written ${i}</p>`,
            introVideo: 'https://youtu.be/dQw4w9WgXcQ',
          });
          if (response.status === 201) acknowledged.products.push(`crash-${i}`);
        } else {
          const response = await send('PUT', '/api/theme', { primaryColor: `#${String(i % 1000).padStart(6, '0')}`, newsletterImage: '' });
          if (response.status === 200) acknowledged.themes += 1;
        }
      } catch {
        // The connection died with the process: this write may or may not have been kept.
      }
    };
    const lane = async () => {
      while (!killed) {
        await writeOne();
        if (!killed && acknowledged.products.length + acknowledged.themes >= BEFORE_KILL) {
          killed = true;
          child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
    await server.exited;
    expect(child.signalCode).toBe('SIGKILL');

    const database = openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
    try {
      const { db } = database;
      const products = await db.selectFrom('products').select(['id', 'slug']).execute();
      const slugs = new Set(products.map((row) => row.slug));
      expect(acknowledged.products.filter((slug) => !slugs.has(slug))).toEqual([]);

      const revisionsOf = new Set((await db.selectFrom('revisions').select('item_id').where('entity', '=', 'product').execute()).map((row) => row.item_id));
      const auditedProducts = new Set(
        (await db.selectFrom('audit_log').select('target_id').where('action', '=', 'product.create').execute()).map((row) => row.target_id),
      );
      expect(products.filter((row) => !revisionsOf.has(row.id)).map((row) => row.slug)).toEqual([]);
      expect(products.filter((row) => !auditedProducts.has(row.id)).map((row) => row.slug)).toEqual([]);
      expect(auditedProducts.size).toBe(products.length);

      // Each theme save moved its version by one: as many revisions and audit entries as saves kept.
      const theme = await db.selectFrom('settings').select('version').where('key', '=', 'theme').executeTakeFirst();
      const saves = Number(theme?.version ?? 0);
      expect(saves).toBeGreaterThanOrEqual(acknowledged.themes);
      const themeRevisions = await db.selectFrom('revisions').select('id').where('entity', '=', 'theme').execute();
      const themeEntries = await db.selectFrom('audit_log').select('id').where('action', '=', 'theme.update').execute();
      expect(themeRevisions.length).toBe(Math.min(saves, 50));
      expect(themeEntries.length).toBe(saves);
      console.info('kill -9 during writes', { acknowledged: acknowledged.products.length + acknowledged.themes, attempted: n, productsKept: products.length, themeSaves: saves });
    } finally {
      await database.close();
    }
  });
});
