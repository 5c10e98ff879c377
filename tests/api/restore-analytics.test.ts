import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { backupTarget } from '../helpers/backup-archive';
import { aProduct } from '../helpers/factories';
import { restoreBackup } from '../../src/server/modules/backup/restore-backup';
import { writeBackup } from '../../src/server/modules/backup/write-backup';
import { writeEvents, type CountedEvent } from '../../src/server/modules/analytics/event-writer';
import { DAILY_SUMMARY_TABLES, emptyDailySummaries } from '../../src/server/modules/analytics/daily-summaries';
import { addDays } from '../../src/server/modules/analytics/site-day';
import type { Db } from '../../src/server/db/database';

/**
 * A restore empties the analytics daily summaries in statements of bounded size (decision 080), inside
 * its one transaction: on a large site the old rows span several statements, and a restore that fails
 * after them leaves every row as it was.
 */
describe('a restore empties the analytics daily summaries in bounded statements, all or nothing', () => {
  let source: TestApp;
  let target: TestApp;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-restore-analytics-'));
  const file = path.join(work, 'backup.tar');
  const today = '2026-11-29';
  const DAYS = 300;
  const PRODUCTS = 1000;
  const postgres = testDatabaseKind === 'postgres';

  /** Every row of the three tables as text, sorted (the summaries' counts are integer columns: numbers on both databases). */
  const summaries = async (db: Db) => {
    const tables: Record<string, string[]> = {};
    for (const table of DAILY_SUMMARY_TABLES) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
      tables[table] = rows.rows.map((row) => JSON.stringify(Object.entries(row).sort(([a], [b]) => (a < b ? -1 : 1)))).sort();
    }
    return tables;
  };
  const counts = async (db: Db) => {
    const result: Record<string, number> = {};
    for (const table of [...DAILY_SUMMARY_TABLES, 'products'] as const) {
      const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      result[table] = Number(row.n);
    }
    return result;
  };
  /** Each table's rows summed up per day: a large site's figures compared without reading every row into the test. */
  const byDay = async (db: Db) => ({
    daily: await sql`select day, visitors, pageviews, buy_clicks from analytics_daily order by day`.execute(db).then((r) => r.rows),
    products: await sql`select day, count(*) as n, sum(views) as views, sum(buy_clicks) as clicks from analytics_daily_products group by day order by day`
      .execute(db)
      .then((r) => r.rows),
    counts: await sql`select dimension, day, count(*) as n, sum(count) as total from analytics_daily_counts group by dimension, day order by dimension, day`
      .execute(db)
      .then((r) => r.rows),
  });

  beforeAll(async () => {
    // The archive: a small site with a few weeks of figures.
    source = await startTestApp();
    const ids: string[] = [];
    for (const slug of ['kettle', 'teapot']) {
      const created = await source.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug }) });
      expect(created.statusCode).toBe(201);
      ids.push(created.json().data.id);
    }
    const events: CountedEvent[] = [];
    for (let i = 0; i < 40; i += 1) {
      const day = addDays(today, -i);
      events.push({
        day, at: `${day}T12:00:00.000Z`, kind: i % 4 === 0 ? 'buy' : 'view', visitor: `v${i}`, path: `/product/${i % 2 === 0 ? 'kettle' : 'teapot'}`,
        product_id: ids[i % 2]!, category_id: null, referrer_host: i % 3 === 0 ? 'news.example.net' : null,
        utm_source: null, utm_medium: null, utm_campaign: null, count: 1 + (i % 3),
      });
    }
    await writeEvents(source.app.ctx.db, events);
    await writeBackup(backupTarget(source), fs.createWriteStream(file));

    // The site restored onto: 300 days × 1,000 products of daily rows (more than one statement's worth), set-based.
    target = await startTestApp();
    const db = target.app.ctx.db;
    const numbers = (count: number) =>
      postgres ? sql.raw(`generate_series(0, ${count - 1}) s(n)`) : sql.raw(`(with recursive s(n) as (select 0 union all select n + 1 from s where n < ${count - 1}) select n from s) s`);
    const dayOf = (n: string) => sql.raw(postgres ? `to_char(date '${today}' - (${n}), 'YYYY-MM-DD')` : `date('${today}', '-' || (${n}) || ' days')`);
    await sql`insert into analytics_daily (day, visitors, pageviews, buy_clicks) select ${dayOf('n')}, n, 2 * n, n from ${numbers(DAYS)}`.execute(db);
    // 30 days a statement: the pool's 10 s statement limit holds for the seeding too.
    for (let first = 0; first < DAYS; first += 30) {
      await sql`insert into analytics_daily_products (day, product_id, views, buy_clicks)
        select ${dayOf(`${first} + n / ${PRODUCTS}`)}, 'product-' || (n % ${PRODUCTS}), 1 + n % 7, n % 2 from ${numbers(30 * PRODUCTS)}`.execute(db);
      await sql`insert into analytics_daily_counts (day, dimension, name, count)
        select ${dayOf(`${first} + n / 400`)}, 'page', '/product/p-' || (n % 400), 1 + n % 5 from ${numbers(30 * 400)}`.execute(db);
      await sql`insert into analytics_daily_counts (day, dimension, name, count)
        select ${dayOf(`${first} + n / 20`)}, 'referrer', 'site-' || (n % 20) || '.example.com', 1 from ${numbers(30 * 20)}`.execute(db);
    }
  }, 120_000);
  afterAll(async () => {
    await source?.close();
    await target?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('empties every daily summary table in many small statements, which a failed transaction undoes', async () => {
    const db = target.app.ctx.db;
    const before = await counts(db);
    expect(before.analytics_daily_products).toBe(DAYS * PRODUCTS);
    const refused = new Error('stopped after emptying');
    await expect(
      db.transaction().execute(async (trx) => {
        // A few thousand rows a statement: 300 days of 1,000 products take about a hundred.
        for (const table of DAILY_SUMMARY_TABLES) await emptyDailySummaries(trx, table, 5000);
        const emptied = await counts(trx);
        expect([emptied.analytics_daily, emptied.analytics_daily_products, emptied.analytics_daily_counts]).toEqual([0, 0, 0]);
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(await counts(db)).toEqual(before);
  }, 120_000);

  it('leaves every row as it was when the restore fails after emptying them', async () => {
    const db = target.app.ctx.db;
    const before = await byDay(db);
    const beforeCounts = await counts(db);
    // The database itself refuses the archive's rows once every old row has been deleted (all deletes come first).
    if (postgres) {
      await sql`create function refuse_restore() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`.execute(db);
      await sql`create trigger refuse_restore before insert on analytics_daily_products for each row execute function refuse_restore()`.execute(db);
    } else {
      await sql`create trigger refuse_restore before insert on analytics_daily_products begin select raise(abort, 'refused for the test'); end`.execute(db);
    }
    try {
      await expect(restoreBackup(file, backupTarget(target), { force: true })).rejects.toThrow(/refused for the test/);
    } finally {
      await sql`drop trigger refuse_restore${sql.raw(postgres ? ' on analytics_daily_products' : '')}`.execute(db);
      if (postgres) await sql`drop function refuse_restore()`.execute(db);
    }
    expect(await counts(db)).toEqual(beforeCounts);
    expect(await byDay(db)).toEqual(before);
  }, 120_000);

  it('replaces them with exactly the archive’s rows', async () => {
    await restoreBackup(file, backupTarget(target), { force: true });
    const restored = await summaries(target.app.ctx.db);
    expect(restored).toEqual(await summaries(source.app.ctx.db));
    expect(restored.analytics_daily_products!.length).toBeGreaterThan(0);
    expect((await counts(target.app.ctx.db)).products).toBe(2);
  }, 120_000);
});
