import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { readBreakdown } from '../../src/server/modules/analytics/analytics.reads';
import { writeEvents, type CountedEvent } from '../../src/server/modules/analytics/event-writer';
import { rebuildPageSpans } from '../../src/server/modules/analytics/page-spans';
import { firstSummaryDay, pruneAnalytics } from '../../src/server/modules/analytics/retention';
import { addDays } from '../../src/server/modules/analytics/site-day';

const PATHS = ['/', '/about', '/product/kettle', '/product/teapot', '/category/tea', '/page/contact'];

/**
 * Issue 27: the breakdown's top pages are read from spans of 2–512 days plus
 * single days, like top products (decision 060, amended 2026-11-29): every
 * range gives exactly the sums of the daily page counts, before and after
 * retention and a rebuild.
 */
describe('analytics: top pages over spans of days', () => {
  let t: TestApp;
  const today = '2026-11-29';
  let seed = 60;
  const next = (max: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % max;
  };

  beforeAll(async () => {
    t = await startTestApp();
    for (let batch = 0; batch < 120; batch += 1) {
      const events: CountedEvent[] = [];
      for (let i = 0; i < 6; i += 1) {
        const day = addDays(today, -next(800));
        events.push({
          day, at: `${day}T12:00:00.000Z`, kind: 'view', visitor: `v${batch}-${i}`, path: PATHS[next(PATHS.length)]!,
          product_id: null, category_id: null, referrer_host: null, utm_source: null, utm_medium: null, utm_campaign: null,
          count: 1 + next(4),
        });
      }
      await writeEvents(t.app.ctx.db, events);
    }
  });
  afterAll(async () => t.close());

  /** The brute force: the range's daily page counts, summed per path, most first. */
  const expected = async (from: string, to: string) => {
    const rows = await t.app.ctx.db.selectFrom('analytics_daily_counts').selectAll().where('dimension', '=', 'page').where('day', '>=', from).where('day', '<=', to).execute();
    const sums = new Map<string, number>();
    for (const row of rows) sums.set(row.name, (sums.get(row.name) ?? 0) + Number(row.count));
    return byPath([...sums].map(([path, views]) => ({ path, views })));
  };
  const byPath = (pages: { path: string; views: number }[]) => [...pages].sort((a, b) => (a.path < b.path ? -1 : 1));
  /** The breakdown's pages, most viewed first; compared by path (ties may fall either way in a database's collation). */
  const read = async (from: string, to: string) => {
    const { pages } = await readBreakdown(t.app.ctx.db, { from, to }, today);
    expect(pages.map((page) => page.views)).toEqual(pages.map((page) => page.views).sort((a, b) => b - a));
    return byPath(pages);
  };
  const ranges = () => {
    const list: Array<[string, string]> = [[addDays(today, -29), today], [addDays(today, -89), today], [addDays(today, -730), today], [firstSummaryDay(today), today]];
    for (let i = 0; i < 20; i += 1) {
      const to = addDays(today, -next(790));
      list.push([addDays(to, -next(731)), to]);
    }
    return list;
  };

  it('gives the sums of the daily counts for any range', async () => {
    for (const [from, to] of ranges()) expect(await read(from, to), `${from}..${to}`).toEqual(await expected(from, to));
  });

  it('gives the same sums after retention and after the spans are rebuilt (as a restore does)', async () => {
    await pruneAnalytics(t.app.ctx.db, today, Date.parse(`${today}T12:00:00Z`));
    for (const [from, to] of ranges()) expect(await read(from, to)).toEqual(await expected(from, to));
    await rebuildPageSpans(t.app.ctx.db);
    for (const [from, to] of ranges()) expect(await read(from, to)).toEqual(await expected(from, to));
  });
});
