// Facets of issue 28 (decision 072): 5 filter attributes with a value on every
// product of a seeded catalogue, straight into the tables; then uncached
// category pages with two facets chosen, one client at a time, each request a
// distinct range so every one is a render-cache miss. Target: p95 ≤ 30 ms, HTML ≤ 60 KB.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { getText } from './load.mjs';

const ATTRIBUTES = [
  { slug: 'level', name: 'Level', type: 'choice', values: ['Beginner', 'Intermediate', 'Advanced'] },
  { slug: 'duration', name: 'Duration', type: 'number', unit: 'min' },
  { slug: 'files', name: 'Project files', type: 'boolean' },
  { slug: 'software', name: 'Software', type: 'choice', values: ['Blender', 'Maya', 'Houdini', 'Cinema 4D', 'ZBrush'] },
  { slug: 'language', name: 'Language', type: 'choice', values: ['English', 'French', 'German', 'Spanish'] },
];

export function seedAttributes(dataDir) {
  const db = new SQLite(path.join(dataDir, 'showcase.db'));
  db.pragma('journal_mode = WAL');
  const now = new Date().toISOString();
  const insertAttribute = db.prepare('insert into attributes (id, name, slug, type, choices, unit, is_filter, position, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 1, ?, ?, ?)');
  const insertValue = db.prepare('insert into product_attributes (product_id, attribute_id, value_text, value_num) values (?, ?, ?, ?)');
  db.transaction(() => {
    const ids = ATTRIBUTES.map((attribute, position) => {
      const id = randomUUID();
      insertAttribute.run(id, attribute.name, attribute.slug, attribute.type, JSON.stringify(attribute.values ?? []), attribute.unit ?? null, position, now, now);
      return id;
    });
    const products = db.prepare('select id from products order by sort_order').all();
    products.forEach((product, i) => {
      ATTRIBUTES.forEach((attribute, a) => {
        // Spread within each category too (products go round the 6 categories): `n` counts a category's products.
        const n = Math.floor(i / 6);
        if (attribute.type === 'number') insertValue.run(product.id, ids[a], null, 30 + ((n * 37) % 600));
        else if (attribute.type === 'boolean') insertValue.run(product.id, ids[a], n % 3 === 0 ? 'true' : 'false', n % 3 === 0 ? 1 : 0);
        else insertValue.run(product.id, ids[a], attribute.values[(n * (a + 1) + a) % attribute.values.length], null);
      });
    });
  })();
  db.close();
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * `requests` uncached renders of `/category/<slug>?level=…&duration=0-N`, one client; p50/p95/max and the HTML size.
 * `first`: the first N is 200 + first, so a warm-up and the measured run never share a page.
 */
export async function facetTimes(port, categorySlug, requests = 300, first = 0) {
  const times = [];
  let bytes = 0;
  for (let i = first; i < first + requests; i += 1) {
    const url = `/category/${categorySlug}?level=beginner,advanced&duration=0-${200 + i}`;
    const t0 = performance.now();
    const { status, body } = await getText(port, url);
    times.push(performance.now() - t0);
    if (status !== 200) throw new Error(`${url} answered ${status}`);
    if (!body.includes('facet-form')) throw new Error(`${url} shows no facets`);
    bytes = body.length;
  }
  const sorted = times.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1], count: sorted.length, bytes };
}
