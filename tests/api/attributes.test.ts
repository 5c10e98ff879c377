import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';
import { defaultSiteSettings } from '../../src/shared/schemas/site-settings';

type Attribute = { id: string; name: string; slug: string; type: string; values: string[]; unit: string | null; filter: boolean };
type Product = { id: string; slug: string; attributes: Record<string, unknown> };
type Facet = { slug: string; values: { value: string; slug: string; count: number }[]; min: number | null; max: number | null; count: number };

/** Attributes of issue 28 (decision 072): definitions, products' values, filters, sorts, facets and the sold-out choice. */
describe(`attributes, filters and sorting (${testDatabaseKind})`, () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const attr = (payload: Record<string, unknown>) => t.asAdmin({ method: 'POST', url: '/api/attributes', payload });
  const made = async (payload: Record<string, unknown>) => {
    const response = await attr(payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as Attribute;
  };
  const product = async (extra: Record<string, unknown>) => {
    const response = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct(extra) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as Product;
  };
  const list = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/products?category=courses&${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as Product[]).map((p) => p.slug);
  };
  const refused = async (url: string, field: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}: `));
  };

  beforeAll(async () => {
    t = await startTestApp({}, { web: false });
    const category = await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'courses' }) });
    ids.category = category.json().data.id;
  });
  afterAll(async () => t.close());

  it('defines attributes with the issue shape, and refuses bad definitions naming the field', async () => {
    const level = await made({ name: 'Level', slug: 'level', type: 'choice', values: ['Beginner', 'Intermediate', 'Advanced'], filter: true });
    expect(level).toEqual({ id: expect.any(String), name: 'Level', slug: 'level', type: 'choice', values: ['Beginner', 'Intermediate', 'Advanced'], unit: null, filter: true });
    const duration = await made({ name: 'Duration', slug: 'duration', type: 'number', unit: 'min', filter: true });
    expect(duration).toMatchObject({ type: 'number', values: [], unit: 'min', filter: true });
    const files = await made({ name: 'Project files', slug: 'files', type: 'boolean', filter: true });
    const software = await made({ name: 'Software', slug: 'software', type: 'choice', values: ['Blender', 'Maya'] });
    Object.assign(ids, { level: level.id, duration: duration.id, files: files.id, software: software.id });
    expect(software.filter).toBe(false);
    expect((await t.app.inject({ url: '/api/attributes' })).json().data.map((a: Attribute) => a.slug)).toEqual(['level', 'duration', 'files', 'software']);

    const problems: [Record<string, unknown>, number, string][] = [
      [{ name: 'X', slug: 'level', type: 'boolean' }, 409, 'slug'],
      [{ name: 'X', slug: 'Not A Slug', type: 'boolean' }, 400, 'slug'],
      [{ name: 'X', slug: 'page', type: 'boolean' }, 400, 'slug'],
      [{ name: 'X', slug: 'x', type: 'colour' }, 400, 'type'],
      [{ name: 'X', slug: 'x', type: 'choice' }, 400, 'values'],
      [{ name: 'X', slug: 'x', type: 'choice', values: ['A', 'a'] }, 400, 'values.1'],
      [{ name: 'X', slug: 'x', type: 'number', values: ['A'] }, 400, 'values'],
      [{ name: 'X', slug: 'x', type: 'boolean', unit: 'min' }, 400, 'unit'],
      [{ name: '', slug: 'x', type: 'boolean' }, 400, 'name'],
      [{ name: 'X', slug: 'x', type: 'boolean', filter: 'yes' }, 400, 'filter'],
    ];
    for (const [payload, status, field] of problems) {
      const response = await attr(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      // A conflict says it in the house's words, naming the field beside the message.
      if (status === 409) expect(response.json().field).toBe(field);
      else expect(response.json().error, JSON.stringify(payload)).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}: `));
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/attributes', payload: { name: 'X', slug: 'x', type: 'boolean' } })).statusCode).toBe(401);
  });

  it('stores products’ values with the product, validated against the definitions', async () => {
    const made = await product({ slug: 'intro', categories: [ids.category!], attributes: { level: 'beginner', duration: 90, files: true } });
    expect(made.attributes).toEqual({ level: 'Beginner', duration: 90, files: true });
    const read = (await t.app.inject({ url: `/api/products/${made.id}` })).json().data as Product;
    expect(read.attributes).toEqual({ level: 'Beginner', duration: 90, files: true });
    // A write without `attributes` keeps them; with them, they are the whole truth (null clears one).
    const put = (attributes?: Record<string, unknown>) => t.asAdmin({ method: 'PUT', url: `/api/products/${made.id}`, payload: aProduct({ slug: 'intro', categories: [ids.category!], ...(attributes ? { attributes: attributes as Record<string, string> } : {}) }) });
    expect((await put()).json().data.attributes).toEqual({ level: 'Beginner', duration: 90, files: true });
    expect((await put({ level: 'Beginner', duration: 95.5, files: null })).json().data.attributes).toEqual({ level: 'Beginner', duration: 95.5 });
    for (const [attributes, field] of [
      [{ colour: 'red' }, 'attributes.colour'],
      [{ level: 'Expert' }, 'attributes.level'],
      [{ duration: '90' }, 'attributes.duration'],
      [{ files: 'yes' }, 'attributes.files'],
      [{ level: 3 }, 'attributes.level'],
    ] as const) {
      const response = await put(attributes);
      expect(response.statusCode, JSON.stringify(attributes)).toBe(400);
      expect(response.json().error).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
    }
    // Part of the product's revision: the history shows the values.
    const revisions = (await t.asAdmin({ url: `/api/products/${made.id}/revisions` })).json().data as { id: string }[];
    expect(revisions.length).toBeGreaterThan(1);
  });

  it('refuses a change of definition that would drop products’ values; a delete removes them', async () => {
    const software = ids.software!;
    const tool = await product({ slug: 'tool', attributes: { software: 'Maya' } });
    const change = (payload: Record<string, unknown>) => t.asAdmin({ method: 'PUT', url: `/api/attributes/${software}`, payload });
    let response = await change({ name: 'Software', slug: 'software', type: 'choice', values: ['Blender'] });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(/^values: “Maya” is set on 1 product/);
    response = await change({ name: 'Software', slug: 'software', type: 'number' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(/^type: /);
    response = await change({ name: 'Tool', slug: 'tool', type: 'choice', values: ['Maya', 'Blender', 'Houdini'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(((await t.app.inject({ url: `/api/products/${tool.id}` })).json().data as Product).attributes).toEqual({ tool: 'Maya' });
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/attributes/${software}` })).statusCode).toBe(200);
    expect(((await t.app.inject({ url: `/api/products/${tool.id}` })).json().data as Product).attributes).toEqual({});
    expect(await t.app.ctx.db.selectFrom('product_attributes').selectAll().where('attribute_id', '=', software).execute()).toEqual([]);
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/attributes/${software}` })).statusCode).toBe(404);
    await t.asAdmin({ method: 'DELETE', url: `/api/products/${tool.id}` });
  });

  it('filters by attributes (OR within, AND across), availability and sales; bad values are 400 naming the parameter', async () => {
    const edition = (price: number, availability = 'available', compareAtPrice?: number) => ({ name: `${availability} ${price}`, price, currency: 'USD', availability, buyLink: 'https://shop.example.com/x', ...(compareAtPrice ? { compareAtPrice } : {}) });
    await product({ slug: 'mid', categories: [ids.category!], attributes: { level: 'Intermediate', duration: 200 }, editions: [edition(30, 'available', 40)] });
    await product({ slug: 'deep', categories: [ids.category!], attributes: { level: 'Advanced', duration: 600, files: true }, editions: [edition(80, 'sold_out'), edition(20, 'preorder')] });
    await product({ slug: 'bare', categories: [ids.category!], editions: [edition(10, 'coming_soon')] });

    expect(await list('attr.level=Beginner')).toEqual(['intro']);
    expect(await list('attr.level=beginner&attr.level=Advanced')).toEqual(['intro', 'deep']);
    expect(await list('attr.level=beginner,intermediate')).toEqual(['intro', 'mid']);
    expect(await list('attr.level=intermediate&attr.level=advanced&attr.duration=100-300')).toEqual(['mid']);
    expect(await list('attr.duration=0-180')).toEqual(['intro']);
    expect(await list('attr.duration=180-')).toEqual(['mid', 'deep']);
    expect(await list('attr.duration=-200')).toEqual(['intro', 'mid']);
    expect(await list('attr.files=true')).toEqual(['deep']);
    expect(await list('availability=sold_out')).toEqual(['deep']);
    expect(await list('availability=preorder,coming_soon')).toEqual(['deep', 'bare']);
    expect(await list('onSale=true')).toEqual(['mid']);
    expect(await list('onSale=false&attr.level=intermediate')).toEqual([]);

    await refused('/api/products?attr.colour=red', 'attr.colour');
    await refused('/api/products?attr.level=expert', 'attr.level');
    await refused('/api/products?attr.duration=long', 'attr.duration');
    await refused('/api/products?attr.duration=300-100', 'attr.duration');
    await refused('/api/products?attr.files=maybe', 'attr.files');
    await refused('/api/products?availability=gone', 'availability');
    await refused('/api/products?onSale=yes', 'onSale');
    await refused('/api/products?sort=cheapest', 'sort');
    // Paged answers filter the same, and count what they filter.
    const page = (await t.app.inject({ url: '/api/products?category=courses&attr.level=beginner,advanced&limit=1' })).json();
    expect(page.meta.total).toBe(2);
  });

  it('sorts by order, newest and the price of the lowest available edition, and pages by cursor under every sort', async () => {
    expect(await list('')).toEqual(['intro', 'mid', 'deep', 'bare']);
    expect(await list('sort=order')).toEqual(['intro', 'mid', 'deep', 'bare']);
    expect(await list('sort=newest')).toEqual(['bare', 'deep', 'mid', 'intro']);
    // intro has no price; deep's only priced available edition is none (sold out, pre-order): both after the priced ones.
    expect(await list('sort=price-asc')).toEqual(['mid', 'intro', 'deep', 'bare']);
    expect(await list('sort=price-desc')).toEqual(['mid', 'intro', 'deep', 'bare']);
    for (const sort of ['order', 'newest', 'price-asc', 'price-desc']) {
      const whole = await list(`sort=${sort}`);
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const response: { statusCode: number; body: string; json: () => { data: Product[]; meta: { nextCursor: string | null } } } = await t.app.inject({ url: `/api/products?category=courses&sort=${sort}&limit=1${cursor ? `&cursor=${cursor}` : ''}` });
        expect(response.statusCode, response.body).toBe(200);
        const body: { data: Product[]; meta: { nextCursor: string | null } } = response.json();
        walked.push(...body.data.map((p) => p.slug));
        cursor = body.meta.nextCursor;
      } while (cursor);
      expect(walked, sort).toEqual(whole);
    }
    const first = (await t.app.inject({ url: '/api/products?category=courses&sort=newest&limit=1' })).json();
    await refused(`/api/products?category=courses&sort=price-asc&limit=1&cursor=${first.meta.nextCursor}`, 'cursor');
  });

  it('sorts by price as shown: the lowest available edition, a sale past its end at its compare-at price', async () => {
    const priced = async (slug: string, price: number, compareAtPrice?: number, saleEndsAt?: string) =>
      product({ slug, categories: [ids.category!], editions: [{ name: 'Only', price, currency: 'USD', buyLink: 'https://shop.example.com/x', ...(compareAtPrice ? { compareAtPrice, saleEndsAt } : {}) }] });
    await priced('cheap', 5);
    await priced('ended-sale', 3, 50, '2020-01-01T00:00:00Z');
    const asc = await list('sort=price-asc');
    expect(asc.slice(0, 3)).toEqual(['cheap', 'mid', 'ended-sale']);
    expect((await list('sort=price-desc')).slice(0, 3)).toEqual(['ended-sale', 'mid', 'cheap']);
    for (const slug of ['cheap', 'ended-sale']) {
      const found = (await t.asAdmin({ url: `/api/products/slug/${slug}` })).json().data as Product;
      await t.asAdmin({ method: 'DELETE', url: `/api/products/${found.id}` });
    }
  });

  it('counts facets in the database: OR within an attribute, AND across and with the other choices', async () => {
    const facets = async (query: string) => {
      const response = await t.app.inject({ url: `/api/products/facets?category=courses&${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return Object.fromEntries((response.json().data as Facet[]).map((facet) => [facet.slug, facet]));
    };
    let found = await facets('');
    expect(Object.keys(found)).toEqual(['level', 'duration', 'files']);
    expect(found.level!.values).toEqual([
      { value: 'Beginner', slug: 'beginner', count: 1 },
      { value: 'Intermediate', slug: 'intermediate', count: 1 },
      { value: 'Advanced', slug: 'advanced', count: 1 },
    ]);
    expect(found.duration).toMatchObject({ min: 95.5, max: 600, count: 3 });
    expect(found.files!.values).toEqual([{ value: 'true', slug: 'true', count: 1 }, { value: 'false', slug: 'false', count: 0 }]);
    // A chosen level keeps the other levels' counts (OR) and narrows the other facets (AND).
    found = await facets('attr.level=beginner&attr.duration=0-300');
    expect(found.level!.values.map((value) => value.count)).toEqual([1, 1, 0]);
    expect(found.duration).toMatchObject({ min: 95.5, max: 95.5, count: 1 });
    expect(found.files!.count).toBe(0);
    await refused('/api/products/facets?attr.level=expert', 'attr.level');
  });

  it('leaves sold-out products out of visitors’ lists, counts and facets when the owner says so', async () => {
    const save = (soldOutProducts?: string) => t.asAdmin({ method: 'PUT', url: '/api/site-settings', payload: { ...defaultSiteSettings(), soldOutProducts } });
    const deep = (await t.asAdmin({ url: '/api/products/slug/deep' })).json().data as Product;
    await t.asAdmin({ method: 'PUT', url: `/api/products/${deep.id}`, payload: aProduct({ slug: 'deep', categories: [ids.category!], editions: [{ name: 'Only', price: 80, currency: 'USD', availability: 'sold_out', buyLink: 'https://shop.example.com/x' }] }) });
    expect(await list('')).toContain('deep');
    expect((await save('hidden')).json().data.soldOutProducts).toBe('hidden');
    // A client that does not know the choice keeps it.
    expect((await save()).json().data.soldOutProducts).toBe('hidden');
    expect(await list('')).not.toContain('deep');
    const searched = async () => ((await t.app.inject({ url: '/api/search?q=deep' })).json().data as { slug: string }[]).map((hit) => hit.slug);
    expect(await searched()).toEqual([]);
    expect((await t.app.inject({ url: '/api/products?category=courses&limit=10' })).json().meta.total).toBe(3);
    const facets = (await t.app.inject({ url: '/api/products/facets?category=courses' })).json().data as Facet[];
    expect(facets.find((facet) => facet.slug === 'level')!.values.map((value) => value.count)).toEqual([1, 1, 0]);
    // The admin still sees it; its page still answers.
    expect((await t.asAdmin({ url: '/api/products?category=courses' })).json().data.map((p: Product) => p.slug)).toContain('deep');
    expect((await t.app.inject({ url: '/api/products/slug/deep' })).statusCode).toBe(200);
    await save('listed');
    expect(await list('')).toContain('deep');
    expect(await searched()).toEqual(['deep']);
    expect((await save('gone')).statusCode).toBe(400);
  });
});
