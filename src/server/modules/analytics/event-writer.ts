import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { AnalyticsEventRow } from '../../db/schema';
import { spanRows } from './spans';

/** A page view or Buy Now click that counts, hashed and resolved to ids: a raw event row. */
export type CountedEvent = AnalyticsEventRow;

const CHUNK = 200;

const chunks = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, index) => items.slice(index * CHUNK, (index + 1) * CHUNK));

const add = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/**
 * Rows in the order of their key: two copies writing batches at once on PostgreSQL then lock the
 * summary rows they share in the same order, so neither waits for the other in a cycle (a deadlock).
 */
const inKeyOrder = <T>(rows: T[], keyOf: (row: T) => string) => {
  const keyed = rows.map((row) => [keyOf(row), row] as const);
  keyed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return keyed.map(([, row]) => row);
};

/**
 * Writes one batch in one transaction: the raw events, and what they add to the
 * daily summaries. Every summary is added to (`count = count + excluded.count`)
 * and a visitor is new only when its (day, visitor) row is inserted here, so
 * several copies writing their batches at once count each event and visitor
 * once. A new visitor's first view is the landing: its referrer and campaign
 * are counted for the visit (decision 060).
 */
export async function writeEvents(db: Db, events: CountedEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const rows of chunks(events)) await trx.insertInto('analytics_events').values(rows).execute();

    const landings = new Map<string, CountedEvent>();
    for (const event of events) {
      const key = `${event.day} ${event.visitor}`;
      if (event.kind === 'view' && !landings.has(key)) landings.set(key, event);
    }
    const newVisitors = new Set<string>();
    const visitors = inKeyOrder([...landings.values()].map(({ day, visitor }) => ({ day, visitor })), (row) => `${row.day} ${row.visitor}`);
    for (const rows of chunks(visitors)) {
      const inserted = await trx
        .insertInto('analytics_visitors')
        .values(rows)
        .onConflict((oc) => oc.columns(['day', 'visitor']).doNothing())
        .returning(['day', 'visitor'])
        .execute();
      for (const row of inserted) newVisitors.add(`${row.day} ${row.visitor}`);
    }

    const daily = new Map<string, { visitors: number; pageviews: number; buy_clicks: number }>();
    const products = new Map<string, { day: string; product_id: string; views: number; buy_clicks: number }>();
    const counts = new Map<string, number>();
    const totalsOf = (day: string) => {
      let totals = daily.get(day);
      if (!totals) daily.set(day, (totals = { visitors: 0, pageviews: 0, buy_clicks: 0 }));
      return totals;
    };
    for (const event of events) {
      const totals = totalsOf(event.day);
      const view = event.kind === 'view';
      if (view) totals.pageviews += event.count;
      else totals.buy_clicks += event.count;
      if (event.product_id) {
        const key = `${event.day} ${event.product_id}`;
        let row = products.get(key);
        if (!row) products.set(key, (row = { day: event.day, product_id: event.product_id, views: 0, buy_clicks: 0 }));
        if (view) row.views += event.count;
        else row.buy_clicks += event.count;
      }
      if (!view) continue;
      add(counts, JSON.stringify([event.day, 'page', event.path]), event.count);
      if (event.category_id) add(counts, JSON.stringify([event.day, 'category', event.category_id]), event.count);
    }
    for (const key of newVisitors) {
      const landing = landings.get(key)!;
      totalsOf(landing.day).visitors++;
      if (landing.referrer_host) add(counts, JSON.stringify([landing.day, 'referrer', landing.referrer_host]));
      if (landing.utm_source || landing.utm_medium || landing.utm_campaign) {
        const campaign = JSON.stringify([landing.utm_source ?? '', landing.utm_medium ?? '', landing.utm_campaign ?? '']);
        add(counts, JSON.stringify([landing.day, 'campaign', campaign]));
      }
    }

    const dailyRows = inKeyOrder([...daily].map(([day, totals]) => ({ day, ...totals })), (row) => row.day);
    for (const rows of chunks(dailyRows)) {
      await trx
        .insertInto('analytics_daily')
        .values(rows)
        .onConflict((oc) =>
          oc.column('day').doUpdateSet({
            visitors: sql<number>`analytics_daily.visitors + excluded.visitors`,
            pageviews: sql<number>`analytics_daily.pageviews + excluded.pageviews`,
            buy_clicks: sql<number>`analytics_daily.buy_clicks + excluded.buy_clicks`,
          }),
        )
        .execute();
    }
    const productRows = inKeyOrder([...products.values()], (row) => `${row.day} ${row.product_id}`);
    for (const rows of chunks(productRows)) {
      await trx
        .insertInto('analytics_daily_products')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['day', 'product_id']).doUpdateSet({
            views: sql<number>`analytics_daily_products.views + excluded.views`,
            buy_clicks: sql<number>`analytics_daily_products.buy_clicks + excluded.buy_clicks`,
          }),
        )
        .execute();
    }
    for (const rows of chunks(spanRows(productRows, ['product_id'], ['views', 'buy_clicks']))) {
      await trx
        .insertInto('analytics_span_products')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['level', 'start', 'product_id']).doUpdateSet({
            views: sql<number>`analytics_span_products.views + excluded.views`,
            buy_clicks: sql<number>`analytics_span_products.buy_clicks + excluded.buy_clicks`,
          }),
        )
        .execute();
    }
    const countRows = inKeyOrder(
      [...counts].map(([key, count]) => {
        const [day, dimension, name] = JSON.parse(key) as [string, string, string];
        return { day, dimension, name, count };
      }),
      (row) => JSON.stringify([row.dimension, row.day, row.name]),
    );
    for (const rows of chunks(countRows)) {
      await trx
        .insertInto('analytics_daily_counts')
        .values(rows)
        .onConflict((oc) => oc.columns(['dimension', 'day', 'name']).doUpdateSet({ count: sql<number>`analytics_daily_counts.count + excluded.count` }))
        .execute();
    }
    const pageDays = countRows.filter((row) => row.dimension === 'page').map((row) => ({ day: row.day, path: row.name, views: row.count }));
    for (const rows of chunks(spanRows(pageDays, ['path'], ['views']))) {
      await trx
        .insertInto('analytics_span_pages')
        .values(rows)
        .onConflict((oc) => oc.columns(['level', 'start', 'path']).doUpdateSet({ views: sql<number>`analytics_span_pages.views + excluded.views` }))
        .execute();
    }
    // Categories, referrers and campaigns: one span table keyed by dimension (decision 060, amended 2026-11-29).
    for (const rows of chunks(spanRows(countRows.filter((row) => row.dimension !== 'page'), ['dimension', 'name'], ['count']))) {
      await trx
        .insertInto('analytics_span_counts')
        .values(rows)
        .onConflict((oc) => oc.columns(['level', 'start', 'dimension', 'name']).doUpdateSet({ count: sql<number>`analytics_span_counts.count + excluded.count` }))
        .execute();
    }
  });
}
