import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownMigrations, openDatabase } from '../../src/server/db/database';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { aProduct } from '../helpers/factories';
import type { EditionInput } from '../../src/shared/schemas';

type Edition = { id: string; name: string; price: number | null; currency: string | null; compareAtPrice: number | null; saleEndsAt: string | null; availability: string; buyLink: string };
type Answer = { id: string; slug: string; buyLink: string; price: number | null; currency: string | null; editions: Edition[] };

const THREE: EditionInput[] = [
  { name: 'Video course', price: 49, currency: 'USD', compareAtPrice: 65, availability: 'available', buyLink: 'https://shop.example.com/video' },
  { name: 'Course + project files', price: 79, currency: 'USD', availability: 'preorder', buyLink: 'https://shop.example.com/files' },
  { name: 'Team licence', price: 299, currency: 'USD', availability: 'coming_soon', buyLink: 'https://shop.example.com/team' },
];
const MIGRATED_AT = '2026-11-29-0101-product-editions';

/** A product's editions (issue 28): the migration of existing products, writes, validation and the spec's fields. */
describe(`product editions (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // A catalogue as the release before editions left it: two products, one priced, then this build migrates it.
    t = await startTestApp({}, { web: false }, async (env) => {
      const database = openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
      const before = Object.fromEntries(Object.entries(knownMigrations()).filter(([name]) => name < MIGRATED_AT));
      await new Migrator({ db: database.db, provider: { getMigrations: async () => before } }).migrateToLatest();
      const now = new Date().toISOString();
      for (const [id, price] of [['old-priced', 2999], ['old-free', null]] as const) {
        await sql`insert into products (id, slug, title, duration, main_image, buy_link, description, intro_video, hero_config, gallery, sort_order, dark_mode, price_minor, currency, status, version, created_at, updated_at)
          values (${id}, ${id}, ${`Old ${id}`}, '1 hour', '/uploads/a.jpg', ${`https://shop.example.com/${id}`}, '<p>Old</p>', '', '{}', '[]', 0, 0, ${price}, ${price === null ? null : 'EUR'}, 'published', 1, ${now}, ${now})`.execute(database.db);
      }
      await database.close();
    });
  });
  afterAll(async () => t.close());

  const post = (extra: Record<string, unknown>) => t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct(extra) });
  const create = async (extra: Record<string, unknown>) => {
    const response = await post(extra);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as Answer;
  };
  const read = async (id: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Answer;
  };
  const put = (id: string, payload: Record<string, unknown>) => t.asAdmin({ method: 'PUT', url: `/api/products/${id}`, payload });

  it('makes each existing product one edition, with its price and Buy link, answered in the spec fields too', async () => {
    expect(await read('old-priced')).toMatchObject({
      buyLink: 'https://shop.example.com/old-priced', price: 29.99, currency: 'EUR',
      editions: [{ id: 'old-priced', name: '', price: 29.99, currency: 'EUR', compareAtPrice: null, saleEndsAt: null, availability: 'available', buyLink: 'https://shop.example.com/old-priced' }],
    });
    const free = await read('old-free');
    expect(free.editions).toEqual([{ id: 'old-free', name: '', price: null, currency: null, compareAtPrice: null, saleEndsAt: null, availability: 'available', buyLink: 'https://shop.example.com/old-free' }]);
    // An old-style edit of a migrated product keeps its one edition and changes it.
    const edited = await put('old-priced', { ...aProduct({ slug: 'old-priced' }), buyLink: 'https://shop.example.com/new', price: 35, currency: 'EUR' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await read('old-priced')).editions).toEqual([expect.objectContaining({ id: 'old-priced', price: 35, buyLink: 'https://shop.example.com/new' })]);
  });

  it('gives a product made the old way one edition from buyLink, price and currency', async () => {
    const made = await create({ price: 19.5, currency: 'gbp' });
    expect(made.editions).toEqual([{ id: expect.any(String), name: '', price: 19.5, currency: 'GBP', compareAtPrice: null, saleEndsAt: null, availability: 'available', buyLink: 'https://shop.example.com/buy' }]);
    expect(made).toMatchObject({ price: 19.5, currency: 'GBP', buyLink: 'https://shop.example.com/buy' });
  });

  it('keeps several editions in order; the first is the default the spec fields and the product row repeat', async () => {
    const { buyLink: _none, ...payload } = aProduct({ editions: THREE });
    const made = await create(payload);
    expect(made.editions.map((edition) => [edition.name, edition.price, edition.compareAtPrice, edition.availability])).toEqual([
      ['Video course', 49, 65, 'available'],
      ['Course + project files', 79, null, 'preorder'],
      ['Team licence', 299, null, 'coming_soon'],
    ]);
    expect(made).toMatchObject({ buyLink: 'https://shop.example.com/video', price: 49, currency: 'USD' });
    expect(await read(made.id)).toEqual(made);
    const row = await t.app.ctx.db.selectFrom('products').select(['buy_link', 'price_minor', 'currency']).where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ buy_link: 'https://shop.example.com/video', price_minor: 4900, currency: 'USD' });
    const stored = await t.app.ctx.db.selectFrom('product_editions').select(['position', 'price_minor', 'compare_at_minor']).where('product_id', '=', made.id).orderBy('position').execute();
    expect(stored).toEqual([{ position: 0, price_minor: 4900, compare_at_minor: 6500 }, { position: 1, price_minor: 7900, compare_at_minor: null }, { position: 2, price_minor: 29900, compare_at_minor: null }]);
  });

  it('keeps edition ids on an edit, reorders, removes, and gives an unknown id a new one', async () => {
    const made = await create({ editions: THREE });
    const [video, files, team] = made.editions;
    const other = await create({});
    const saved = await put(made.id, { ...aProduct({ slug: made.slug }), editions: [{ ...team, availability: 'sold_out' }, { ...video, id: other.editions[0]!.id }] });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await read(made.id)).editions;
    expect(after.map((edition) => edition.name)).toEqual(['Team licence', 'Video course']);
    expect(after[0]).toEqual({ ...team, availability: 'sold_out' });
    expect(after[1]!.id).not.toBe(other.editions[0]!.id);
    expect(after.map((edition) => edition.id)).not.toContain(files!.id);
    // The other product's edition is untouched.
    expect((await read(other.id)).editions[0]!.id).toBe(other.editions[0]!.id);
    expect(await read(made.id)).toMatchObject({ buyLink: team!.buyLink, price: 299 });
  });

  it('an old-style write changes the default edition only; beside editions the spec fields are read, not written', async () => {
    const made = await create({ editions: THREE });
    const saved = await put(made.id, { ...aProduct({ slug: made.slug }), buyLink: 'https://shop.example.com/changed', price: 45, currency: 'USD' });
    expect(saved.statusCode, saved.body).toBe(200);
    let now = await read(made.id);
    expect(now.editions.map((edition) => [edition.price, edition.buyLink])).toEqual([[45, 'https://shop.example.com/changed'], [79, THREE[1]!.buyLink], [299, THREE[2]!.buyLink]]);
    // Omitting the price keeps it, as before editions.
    expect((await put(made.id, { ...aProduct({ slug: made.slug }) })).statusCode).toBe(200);
    expect((await read(made.id)).price).toBe(45);
    const { id: _id, ...whole } = now;
    expect((await put(made.id, { ...whole, editions: [{ ...now.editions[0], price: 47 }, ...now.editions.slice(1)], price: 1, buyLink: 'https://shop.example.com/ignored' })).statusCode).toBe(200);
    now = await read(made.id);
    expect(now.editions.map((edition) => edition.price)).toEqual([47, 79, 299]);
    expect(now).toMatchObject({ price: 47, buyLink: 'https://shop.example.com/changed' });
  });

  it('refuses bad editions with 400 naming the field', async () => {
    const one = (extra: Record<string, unknown>) => ({ editions: [{ name: 'A', price: 10, currency: 'USD', buyLink: 'https://shop.example.com/a', ...extra }] });
    const cases: Array<[Record<string, unknown>, string]> = [
      [one({ price: -1 }), 'editions.0.price: must not be negative'],
      [one({ price: 10.555 }), 'editions.0.price: must have at most 2 decimals'],
      [one({ price: 10.5, currency: 'JPY' }), 'editions.0.price: must be a whole number in JPY'],
      [one({ compareAtPrice: 10 }), 'editions.0.compareAtPrice: must be above the price'],
      [one({ compareAtPrice: 5 }), 'editions.0.compareAtPrice: must be above the price'],
      [one({ price: null, compareAtPrice: 5 }), 'editions.0.compareAtPrice: needs a price to compare with'],
      [one({ availability: 'gone' }), 'editions.0.availability: must be available, preorder, coming_soon or sold_out'],
      [one({ buyLink: 'javascript:alert(1)' }), 'editions.0.buyLink: must be an http(s) URL or a path starting with /'],
      [one({ buyLink: '' }), 'editions.0.buyLink: is required'],
      [one({ saleEndsAt: 'tomorrow', compareAtPrice: 20 }), 'editions.0.saleEndsAt: must be a date and time (ISO 8601, with Z or an offset)'],
      [one({ saleEndsAt: '2030-01-01T00:00:00Z' }), 'editions.0.saleEndsAt: needs a compare-at price (a sale to end)'],
      [{ editions: [] }, 'editions: must hold at least one edition'],
      [{ editions: [THREE[0], { ...THREE[1], name: '' }] }, 'editions.1.name: is required when there are several editions'],
    ];
    for (const [extra, message] of cases) {
      const response = await post({ slug: 'refused-edition', ...extra });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json(), JSON.stringify(extra)).toEqual({ success: false, error: message, field: message.slice(0, message.indexOf(':')) });
    }
    const { buyLink: _none, ...withoutLink } = aProduct({ slug: 'refused-edition' });
    const missing = await t.asAdmin({ method: 'POST', url: '/api/products', payload: withoutLink });
    expect(missing.json()).toMatchObject({ error: 'buyLink: is required', field: 'buyLink' });
    expect((await t.app.inject({ method: 'GET', url: '/api/products/slug/refused-edition' })).statusCode).toBe(404);
  });

  it('stores a sale end as an instant and answers it as an ISO date-time', async () => {
    const made = await create({ editions: [{ ...THREE[0], saleEndsAt: '2030-06-01T12:00:00+02:00' }] });
    expect(made.editions[0]).toMatchObject({ price: 49, compareAtPrice: 65, saleEndsAt: '2030-06-01T10:00:00.000Z' });
  });

  it('a restored revision brings its editions back; a delete takes them away', async () => {
    const made = await create({ editions: THREE });
    expect((await put(made.id, { ...aProduct({ slug: made.slug }), editions: [THREE[2]] })).statusCode).toBe(200);
    const list = (await t.asAdmin({ method: 'GET', url: `/api/products/${made.id}/revisions` })).json().data as Array<{ id: string; summary: string }>;
    expect(list[0]!.summary).toContain('editions');
    const first = list[list.length - 1]!;
    const restored = await t.asAdmin({ method: 'POST', url: `/api/products/${made.id}/revisions/${first.id}/restore` });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await read(made.id)).editions.map((edition) => edition.name)).toEqual(THREE.map((edition) => edition.name));
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/products/${made.id}` })).statusCode).toBe(200);
    const left = await t.app.ctx.db.selectFrom('product_editions').select('id').where('product_id', '=', made.id).execute();
    expect(left).toEqual([]);
  });
});
