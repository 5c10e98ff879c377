import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { backupTarget } from '../helpers/backup-archive';
import { restoreBackup } from '../../src/server/modules/backup/restore-backup';
import { writeBackup } from '../../src/server/modules/backup/write-backup';
import { aCategory, aProduct } from '../helpers/factories';
import { pageProductFigures, readBreakdown, readReferrers, readTopPages } from '../../src/server/modules/analytics/analytics.reads';
import { writeEvents, type CountedEvent } from '../../src/server/modules/analytics/event-writer';
import * as productSpansMigration from '../../src/server/db/migrations/2026-11-29-0401-analytics-product-spans';
import * as pageSpansMigration from '../../src/server/db/migrations/2026-11-29-1101-analytics-page-spans';
import * as countSpansMigration from '../../src/server/db/migrations/2026-11-29-1321-analytics-span-counts';
import { fillSpans } from '../../src/server/db/migrations/helpers/fill-spans-2026-11-29';
import { coverRange, dayNumber, rebuildSpans } from '../../src/server/modules/analytics/spans';
import { firstSummaryDay, pruneAnalytics } from '../../src/server/modules/analytics/retention';
import { addDays, daysBetween } from '../../src/server/modules/analytics/site-day';

/**
 * Top products, pages, categories, referrers and campaigns are read from spans of 2–512 days plus
 * single days (decision 060, amended 2026-11-29): every range must give exactly the sums of the daily
 * rows, before and after retention, a rebuild and the migrations' fills.
 */
describe('analytics: figures over spans of days', () => {
  let t: TestApp;
  const today = '2026-11-29';
  const ids: string[] = [];
  const categoryIds: string[] = [];
  // Names that sort alike byte by byte and in any database collation (no name is a prefix of another).
  const HOSTS = ['news.example.net', 'search.example.org', 'mail.example.com', 'video.example.com', 'forum.example.net'];
  const SOURCES = ['newsletter', 'partner', 'social'];
  const CAMPAIGNS = ['winter', 'spring', 'autumn'];
  const PATHS = ['/', '/product/kettle', '/product/teapot', '/category/tea', '/about', '/product/mug?x=1', '/blog/steeping'];
  // A seeded generator: the same days and counts on every run.
  let seed = 27;
  const next = (max: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % max;
  };

  beforeAll(async () => {
    t = await startTestApp();
    for (const slug of ['kettle', 'teapot', 'mug', 'saucer']) {
      const created = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug }) });
      expect(created.statusCode).toBe(201);
      ids.push(created.json().data.id);
    }
    for (const slug of ['tea', 'coffee', 'cocoa']) {
      const created = await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug }) });
      expect(created.statusCode).toBe(201);
      categoryIds.push(created.json().data.id);
    }
    // 160 batches of views and clicks on days spread over 800 days before today (some older than 25 months).
    for (let batch = 0; batch < 160; batch += 1) {
      const events: CountedEvent[] = [];
      for (let i = 0; i < 6; i += 1) {
        const day = addDays(today, -next(800));
        // Each visitor is new: its view is a landing, whose referrer and campaign count.
        const campaign = next(3) === 0;
        events.push({
          day, at: `${day}T12:00:00.000Z`, kind: next(5) === 0 ? 'buy' : 'view', visitor: `v${batch}-${i}`, path: PATHS[next(PATHS.length)]!,
          product_id: ids[next(ids.length)]!, category_id: next(2) === 0 ? categoryIds[next(categoryIds.length)]! : null,
          referrer_host: next(3) === 0 ? null : HOSTS[next(HOSTS.length)]!,
          utm_source: campaign ? SOURCES[next(SOURCES.length)]! : null, utm_medium: campaign ? 'email' : null, utm_campaign: campaign ? CAMPAIGNS[next(CAMPAIGNS.length)]! : null,
          count: 1 + next(4),
        });
      }
      await writeEvents(t.app.ctx.db, events);
    }
  });
  afterAll(async () => t.close());

  /** The brute force: the daily rows of the range, summed per product. */
  const expected = async (from: string, to: string) => {
    const rows = await t.app.ctx.db.selectFrom('analytics_daily_products').selectAll().where('day', '>=', from).where('day', '<=', to).execute();
    const sums = new Map<string, { views: number; buyClicks: number }>();
    for (const row of rows) {
      const sum = sums.get(row.product_id) ?? { views: 0, buyClicks: 0 };
      sum.views += Number(row.views);
      sum.buyClicks += Number(row.buy_clicks);
      sums.set(row.product_id, sum);
    }
    return [...sums].map(([productId, sum]) => ({ productId, ...sum })).sort((a, b) => a.productId.localeCompare(b.productId));
  };
  const read = async (from: string, to: string) => {
    const { items } = await pageProductFigures(t.app.ctx.db, { from, to, sort: 'views' }, today);
    return items.map(({ productId, views, buyClicks }) => ({ productId, views, buyClicks })).sort((a, b) => a.productId.localeCompare(b.productId));
  };
  const ranges = () => {
    const list: Array<[string, string]> = [[addDays(today, -29), today], [addDays(today, -89), today], [addDays(today, -730), today], [firstSummaryDay(today), today]];
    for (let i = 0; i < 30; i += 1) {
      const to = addDays(today, -next(790));
      list.push([addDays(to, -next(731)), to]);
    }
    return list;
  };

  it('covers a range with whole aligned spans and single days, each day once', () => {
    for (const [from, to] of ranges()) {
      const cover = coverRange(from, to, firstSummaryDay(today));
      const covered = [...cover.days];
      for (const span of cover.spans) {
        expect(span.start % 2 ** span.level).toBe(0);
        for (let n = span.start; n < span.start + 2 ** span.level; n += 1) covered.push(new Date(n * 86_400_000).toISOString().slice(0, 10));
      }
      expect(covered.sort()).toEqual(daysBetween(from, to));
      // Whole spans only from the first kept day on.
      for (const span of cover.spans) expect(span.start).toBeGreaterThanOrEqual(dayNumber(firstSummaryDay(today)));
    }
    // 30 days are a few reads, not 30.
    const month = coverRange(addDays(today, -29), today, firstSummaryDay(today));
    expect(month.days.length + month.spans.length).toBeLessThanOrEqual(10);
  });

  it('gives the sums of the daily rows for any range, through the API too', async () => {
    for (const [from, to] of ranges()) expect(await read(from, to)).toEqual(await expected(from, to));
    const api = await t.asAdmin({ method: 'GET', url: `/api/analytics/products?from=${addDays(today, -29)}&to=${today}&sort=views&limit=2` });
    expect(api.statusCode).toBe(200);
    const all = await expected(addDays(today, -29), today);
    expect(api.json().meta.total).toBe(all.length);
    expect(api.json().data).toHaveLength(Math.min(2, all.length));
  });

  /** The brute force for pages: the daily page counts of the range, summed per path, most viewed first. */
  const expectedPages = async (from: string, to: string) => {
    const rows = await t.app.ctx.db.selectFrom('analytics_daily_counts').selectAll().where('dimension', '=', 'page').where('day', '>=', from).where('day', '<=', to).execute();
    const sums = new Map<string, number>();
    for (const row of rows) sums.set(row.name, (sums.get(row.name) ?? 0) + Number(row.count));
    const pages = [...sums].map(([path, views]) => ({ path, views })).sort((a, b) => b.views - a.views || (a.path < b.path ? -1 : 1));
    return { pages, total: pages.length };
  };
  const readPages = (from: string, to: string, limit = 100) => readTopPages(t.app.ctx.db, { from, to }, limit, today);
  const checkPages = async () => {
    for (const [from, to] of ranges()) {
      const want = await expectedPages(from, to);
      expect(await readPages(from, to)).toEqual(want);
      // The top N and the total from the same statement.
      expect(await readPages(from, to, 3)).toEqual({ pages: want.pages.slice(0, 3), total: want.total });
    }
  };

  it('gives the top pages and their count as the sums of the daily page counts for any range, through the API too', async () => {
    await checkPages();
    const from = addDays(today, -29);
    const api = await t.asAdmin({ method: 'GET', url: `/api/analytics/breakdown?from=${from}&to=${today}` });
    expect(api.statusCode).toBe(200);
    const want = await expectedPages(from, today);
    expect(api.json().data.pages).toEqual(want.pages.slice(0, 20));
    expect(api.json().data.pagesTotal).toBe(want.total);
    expect(want.total).toBeGreaterThan(0);
  });

  it('gives the same sums after retention and after the spans are rebuilt (as a restore does)', async () => {
    await pruneAnalytics(t.app.ctx.db, today, Date.parse(`${today}T12:00:00Z`));
    for (const [from, to] of ranges()) expect(await read(from, to)).toEqual(await expected(from, to));
    const before = await t.app.ctx.db.selectFrom('analytics_span_products').selectAll().orderBy('level').orderBy('start').orderBy('product_id').execute();
    // In windows of a few days (as 10,000 products a day make them).
    await rebuildSpans(t.app.ctx.db, ['analytics_span_products'], 64);
    const after = await t.app.ctx.db.selectFrom('analytics_span_products').selectAll().orderBy('level').orderBy('start').orderBy('product_id').execute();
    // The rebuild holds every day kept; the pruned table lacks only spans reaching before the first kept day.
    const first = dayNumber(firstSummaryDay(today));
    const norm = (rows: typeof after) => rows.filter((row) => Number(row.start) >= first).map((row) => ({ ...row, level: Number(row.level), start: Number(row.start), views: Number(row.views), buy_clicks: Number(row.buy_clicks) }));
    expect(norm(after)).toEqual(norm(before));
    for (const [from, to] of ranges()) expect(await read(from, to)).toEqual(await expected(from, to));
    // The migration fills the table from the daily rows as the rebuild does, in one transaction as the migrator runs it on PostgreSQL.
    await t.app.ctx.db.schema.dropTable('analytics_span_products').execute();
    await t.app.ctx.db.transaction().execute((trx) => productSpansMigration.up(trx));
    const migrated = await t.app.ctx.db.selectFrom('analytics_span_products').selectAll().orderBy('level').orderBy('start').orderBy('product_id').execute();
    expect(norm(migrated)).toEqual(norm(after));
    expect(migrated.length).toBeGreaterThan(0);
    for (const [from, to] of ranges()) expect(await read(from, to)).toEqual(await expected(from, to));
  });

  it('gives the same top pages after retention and after the page spans are rebuilt (as a restore does)', async () => {
    await pruneAnalytics(t.app.ctx.db, today, Date.parse(`${today}T12:00:00Z`));
    const first = dayNumber(firstSummaryDay(today));
    // Retention left no span reaching before the first kept day, and no page count before it.
    const early = await t.app.ctx.db.selectFrom('analytics_span_pages').select('start').where('start', '<', first).execute();
    expect(early).toEqual([]);
    await checkPages();
    const spans = () => t.app.ctx.db.selectFrom('analytics_span_pages').selectAll().orderBy('level').orderBy('start').orderBy('path').execute();
    const before = await spans();
    await rebuildSpans(t.app.ctx.db, ['analytics_span_pages']);
    const after = await spans();
    const norm = (rows: typeof after) => rows.filter((row) => Number(row.start) >= first).map((row) => ({ ...row, level: Number(row.level), start: Number(row.start), views: Number(row.views) }));
    expect(norm(after)).toEqual(norm(before));
    expect(after.length).toBeGreaterThan(0);
    await checkPages();
    // The migration fills the new table from the daily page counts as the rebuild does.
    await t.app.ctx.db.schema.dropTable('analytics_span_pages').execute();
    // In one transaction, as the migrator runs it on PostgreSQL.
    await t.app.ctx.db.transaction().execute((trx) => pageSpansMigration.up(trx));
    expect(norm(await spans())).toEqual(norm(after));
    await checkPages();
  });

  /** The brute force for the other counts: the daily rows of one dimension in the range, summed per name, most first. */
  const expectedNames = async (dimension: string, from: string, to: string) => {
    const rows = await t.app.ctx.db.selectFrom('analytics_daily_counts').selectAll().where('dimension', '=', dimension).where('day', '>=', from).where('day', '<=', to).execute();
    const sums = new Map<string, number>();
    for (const row of rows) sums.set(row.name, (sums.get(row.name) ?? 0) + Number(row.count));
    return [...sums].map(([name, total]) => ({ name, total })).sort((a, b) => b.total - a.total || (a.name < b.name ? -1 : 1));
  };
  const checkCounts = async () => {
    let seen = 0;
    for (const [from, to] of ranges()) {
      const referrers = await expectedNames('referrer', from, to);
      expect(await readReferrers(t.app.ctx.db, { from, to }, today)).toEqual(referrers.map(({ name, total }) => ({ host: name, visitors: total })));
      const breakdown = await readBreakdown(t.app.ctx.db, { from, to }, today);
      const categories = await expectedNames('category', from, to);
      expect(breakdown.categories.map(({ categoryId, views }) => ({ name: categoryId, total: views }))).toEqual(categories.slice(0, 20));
      const campaigns = await expectedNames('campaign', from, to);
      expect(breakdown.campaigns).toEqual(
        campaigns.slice(0, 20).map(({ name, total }) => {
          const [source, medium, campaign] = JSON.parse(name) as [string, string, string];
          return { source, medium, campaign, visitors: total };
        }),
      );
      seen += referrers.length + categories.length + campaigns.length;
    }
    expect(seen).toBeGreaterThan(0);
  };

  it('gives the top categories, referrers and campaigns as the sums of the daily counts for any range, through the API too', async () => {
    await checkCounts();
    const from = addDays(today, -730);
    const referrers = await t.asAdmin({ method: 'GET', url: `/api/analytics/referrers?from=${from}&to=${today}` });
    expect(referrers.statusCode).toBe(200);
    const want = await expectedNames('referrer', from, today);
    expect(want.length).toBeGreaterThan(0);
    expect(referrers.json().data).toEqual(want.map(({ name, total }) => ({ host: name, visitors: total })));
    const breakdown = await t.asAdmin({ method: 'GET', url: `/api/analytics/breakdown?from=${from}&to=${today}` });
    expect(breakdown.statusCode).toBe(200);
    expect(breakdown.json().data.categories.map((row: { categoryId: string; views: number }) => ({ name: row.categoryId, total: row.views }))).toEqual(
      await expectedNames('category', from, today),
    );
    expect(breakdown.json().data.campaigns.length).toBe((await expectedNames('campaign', from, today)).length);
  });

  const countSpans = () => t.app.ctx.db.selectFrom('analytics_span_counts').selectAll().orderBy('level').orderBy('start').orderBy('dimension').orderBy('name').execute();
  const normCounts = (rows: Awaited<ReturnType<typeof countSpans>>) => {
    const first = dayNumber(firstSummaryDay(today));
    return rows.filter((row) => Number(row.start) >= first).map((row) => ({ ...row, level: Number(row.level), start: Number(row.start), count: Number(row.count) }));
  };

  it('gives the same categories, referrers and campaigns after retention', async () => {
    await pruneAnalytics(t.app.ctx.db, today, Date.parse(`${today}T12:00:00Z`));
    const early = await t.app.ctx.db.selectFrom('analytics_span_counts').select('start').where('start', '<', dayNumber(firstSummaryDay(today))).execute();
    expect(early).toEqual([]);
    await checkCounts();
  });

  it('gives the same categories, referrers and campaigns after their spans are rebuilt (as a restore does)', async () => {
    const before = await countSpans();
    await rebuildSpans(t.app.ctx.db, ['analytics_span_counts']);
    const after = await countSpans();
    expect(normCounts(after)).toEqual(normCounts(before));
    // In windows of a few days (as 10,000 names a day make them): the same spans.
    await rebuildSpans(t.app.ctx.db, ['analytics_span_counts'], 64);
    expect(normCounts(await countSpans())).toEqual(normCounts(before));
    expect(new Set(after.map((row) => row.dimension))).toEqual(new Set(['category', 'referrer', 'campaign']));
    await checkCounts();
  });

  it('gives the same categories, referrers and campaigns after the migration fills their spans', async () => {
    const before = await countSpans();
    await t.app.ctx.db.schema.dropTable('analytics_span_counts').execute();
    // In one transaction, as the migrator runs it on PostgreSQL.
    await t.app.ctx.db.transaction().execute((trx) => countSpansMigration.up(trx));
    expect(normCounts(await countSpans())).toEqual(normCounts(before));
    await checkCounts();
    // The migrations' filler in windows of a few days: the same spans.
    await t.app.ctx.db.deleteFrom('analytics_span_counts').execute();
    for (const dimension of ['category', 'referrer', 'campaign']) {
      await fillSpans(t.app.ctx.db, { spans: 'analytics_span_counts', daily: 'analytics_daily_counts', dimension, spansByDimension: true, keys: [['name', 'name']], sums: [['count', 'count']] }, 64);
    }
    expect(normCounts(await countSpans())).toEqual(normCounts(before));
  });

  it('gives the same figures on a site restored from a backup (its spans rebuilt from the daily summaries)', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-spans-')), 'backup.tar');
    await writeBackup(backupTarget(t), fs.createWriteStream(file));
    const restored = await startTestApp();
    try {
      await restoreBackup(file, backupTarget(restored), { force: false });
      const db = restored.app.ctx.db;
      for (const table of ['analytics_span_products', 'analytics_span_pages', 'analytics_span_counts'] as const) {
        const rows = await db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
        expect(Number(rows.n), table).toBeGreaterThan(0);
      }
      for (const [from, to] of ranges().slice(0, 12)) {
        const range = { from, to };
        expect(await pageProductFigures(db, { ...range, sort: 'views' }, today)).toEqual(await pageProductFigures(t.app.ctx.db, { ...range, sort: 'views' }, today));
        expect(await readTopPages(db, range, 100, today)).toEqual(await readTopPages(t.app.ctx.db, range, 100, today));
        expect(await readReferrers(db, range, today)).toEqual(await readReferrers(t.app.ctx.db, range, today));
        expect(await readBreakdown(db, range, today)).toEqual(await readBreakdown(t.app.ctx.db, range, today));
      }
    } finally {
      await restored.close();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
