import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';

type Priced = { id: string; price: number | null; currency: string | null };

/** The optional price of a product: validation, storage in minor units, and where visitors see it. */
describe('product price', () => {
  let t: TestApp;
  let categoryId: string;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://shop.example.com' }, { web: true });
    const category = await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'courses', title: 'Courses' }) });
    categoryId = category.json().data.id as string;
  });
  afterAll(async () => t.close());

  const post = (slug: string, extra: Record<string, unknown>) =>
    t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug, categories: [categoryId], ...extra }) });
  const create = async (slug: string, extra: Record<string, unknown>) => {
    const response = await post(slug, extra);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as Priced;
  };
  const put = (id: string, slug: string, extra: Record<string, unknown>) =>
    t.asAdmin({ method: 'PUT', url: `/api/products/${id}`, payload: aProduct({ slug, categories: [categoryId], ...extra }) });
  const read = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json().data as Priced;

  it('has no price unless one is given', async () => {
    const made = await create('free', {});
    expect(made).toMatchObject({ price: null, currency: null });
    expect(await read(made.id)).toMatchObject({ price: null, currency: null });
  });

  it('keeps the price in major units and upper-cases the currency', async () => {
    const made = await create('priced', { price: 29.99, currency: 'usd' });
    expect(made).toMatchObject({ price: 29.99, currency: 'USD' });
    expect(await read(made.id)).toMatchObject({ price: 29.99, currency: 'USD' });
    // Stored as whole minor units, not a binary fraction.
    const row = await t.app.ctx.db.selectFrom('products').select(['price_minor', 'currency']).where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ price_minor: 2999, currency: 'USD' });
  });

  it('stores each currency in its own minor units', async () => {
    const yen = await create('yen', { price: 1500, currency: 'JPY' });
    expect(yen).toMatchObject({ price: 1500, currency: 'JPY' });
    const dinar = await create('dinar', { price: 12.5, currency: 'KWD' });
    expect(dinar).toMatchObject({ price: 12.5, currency: 'KWD' });
    const rows = await t.app.ctx.db.selectFrom('products').select(['slug', 'price_minor']).where('slug', 'in', ['yen', 'dinar']).orderBy('slug').execute();
    expect(rows).toEqual([
      { slug: 'dinar', price_minor: 12500 },
      { slug: 'yen', price_minor: 1500 },
    ]);
  });

  it('refuses a bad price or currency with a precise message', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ price: 10 }, 'currency: is required when price is set'],
      [{ price: 10, currency: null }, 'currency: is required when price is set'],
      [{ currency: 'EUR' }, 'price: is required when currency is set (null for no price)'],
      [{ price: -1, currency: 'EUR' }, 'price: must not be negative'],
      [{ price: 9.999, currency: 'EUR' }, 'price: must have at most 2 decimals'],
      [{ price: '9.99', currency: 'EUR' }, 'price: must be a number, e.g. 29.99'],
      [{ price: 2_000_000, currency: 'EUR' }, 'price: is too large'],
      [{ price: 10, currency: 'EURO' }, 'currency: must be a three-letter ISO 4217 code, e.g. USD'],
      [{ price: 10, currency: 'E1R' }, 'currency: must be a three-letter ISO 4217 code, e.g. USD'],
      [{ price: 10, currency: 978 }, 'currency: must be a three-letter ISO 4217 code, e.g. USD'],
      [{ price: 10.5, currency: 'JPY' }, 'price: must be a whole number in JPY'],
    ];
    for (const [extra, message] of cases) {
      const response = await post('refused', extra);
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json(), JSON.stringify(extra)).toEqual({ success: false, error: message, field: message.slice(0, message.indexOf(':')) });
    }
    const none = await t.app.inject({ method: 'GET', url: '/api/products/slug/refused' });
    expect(none.statusCode).toBe(404);
  });

  it('on an edit keeps the price when it is omitted, changes it when given and clears it with null', async () => {
    const made = await create('edited', { price: 49, currency: 'EUR' });
    expect((await put(made.id, 'edited', { title: 'Renamed' })).json().data).toMatchObject({ price: 49, currency: 'EUR' });
    expect((await put(made.id, 'edited', { price: 39.5, currency: 'gbp' })).json().data).toMatchObject({ price: 39.5, currency: 'GBP' });
    expect(await read(made.id)).toMatchObject({ price: 39.5, currency: 'GBP' });
    // A currency sent with no price is not kept: null means no price at all.
    expect((await put(made.id, 'edited', { price: null, currency: 'GBP' })).json().data).toMatchObject({ price: null, currency: null });
    expect(await read(made.id)).toMatchObject({ price: null, currency: null });
    const refused = await put(made.id, 'edited', { price: 5 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('currency: is required when price is set');
  });

  it('is in list pages and survives a restart', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/api/products?limit=100' })).json().data as Array<Priced & { slug: string }>;
    expect(page.find((p) => p.slug === 'priced')).toMatchObject({ price: 29.99, currency: 'USD' });
    await t.restart();
    const all = (await t.app.inject({ method: 'GET', url: '/api/products' })).json().data as Array<Priced & { slug: string }>;
    expect(all.find((p) => p.slug === 'yen')).toMatchObject({ price: 1500, currency: 'JPY' });
  });

  it('is shown beside Buy Now on the server-rendered product page', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/product/priced' })).body;
    const bar = html.slice(html.indexOf('<div class="buy-bar">'), html.indexOf('</div>', html.indexOf('<div class="buy-bar">')));
    expect(bar).toContain('<span class="price">$29.99</span>');
    expect(bar).toContain('>Buy Now</a>');
    // The phone's sticky bar is that same element pinned by CSS: one link for screen readers and keyboards.
    expect(html.split('>Buy Now</a>')).toHaveLength(2);
    expect(bar).toContain('<span class="buy-bar__title" aria-hidden="true">Product priced</span>');
    const yen = (await t.app.inject({ method: 'GET', url: '/product/yen' })).body;
    expect(yen).toContain('<span class="price">¥1,500</span>');
    const free = (await t.app.inject({ method: 'GET', url: '/product/free' })).body;
    expect(free).toContain('>Buy Now</a>');
    expect(free).not.toContain('class="price"');
  });

  it('is shown on product cards', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/category/courses' })).body;
    expect(html).toMatch(/Product priced<\/h3>[\s\S]*?<p class="product-card__price">\$29\.99<\/p>/);
    expect(html).toContain('<p class="product-card__price">KWD');
    const card = html.slice(html.indexOf('Product free</h3>'), html.indexOf('</article>', html.indexOf('Product free</h3>')));
    expect(card).not.toContain('product-card__price');
  });
});
