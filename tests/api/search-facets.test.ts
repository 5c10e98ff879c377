import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, visitAfterWrite, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';
import { defaultSiteSettings } from '../../src/shared/schemas/site-settings';

type Facet = { slug: string; values: { value: string; slug: string; count: number }[]; min: number | null; max: number | null; count: number };

const resultTitles = (html: string) => [...html.matchAll(/<h2 class="search-result__title">(.*?)<\/h2>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, ''));
const chips = (html: string) => [...html.matchAll(/class="chip chip--toggle"[^>]*>([^<]+)</g)].map((match) => match[1]);

/**
 * The search page's facets and sorts (issue 28, decision 077): counts over the matches, the narrowing and sorts
 * of a product listing, in the address and server-rendered; and a category's tag chips following the sold-out setting.
 */
describe(`search facets and sorts, tag chips and sold-out products (${testDatabaseKind})`, () => {
  let t: TestApp;
  const product = async (extra: Record<string, unknown>) => {
    const response = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct(extra) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; slug: string };
  };
  const edition = (price: number, availability = 'available') => ({ name: 'Course', price, currency: 'USD', availability, buyLink: 'https://shop.example.com/buy' });
  const search = async (query: string) => {
    const response = await t.app.inject({ url: `/api/search?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: { slug: string }[]; meta: { total: number; nextCursor: string | null } };
  };
  const slugs = async (query: string) => (await search(query)).data.map((hit) => hit.slug);
  const facets = async (query: string) => {
    const response = await t.app.inject({ url: `/api/search/facets?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return Object.fromEntries((response.json().data as Facet[]).map((facet) => [facet.slug, facet]));
  };
  let categoryId: string;

  beforeAll(async () => {
    t = await startTestApp({}, { web: true });
    categoryId = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'sculpt', title: 'Sculpting' }) })).json().data.id;
    await t.asAdmin({ method: 'POST', url: '/api/attributes', payload: { name: 'Level', slug: 'level', type: 'choice', values: ['Beginner', 'Advanced'], filter: true } });
    await t.asAdmin({ method: 'POST', url: '/api/attributes', payload: { name: 'Duration', slug: 'duration', type: 'number', unit: 'min', filter: true } });
    // Made in this order (newest last); prices cross the order.
    await product({ slug: 'clay-basics', title: 'Clay basics', categories: [categoryId], attributes: { level: 'Beginner', duration: 60 }, editions: [edition(30)] });
    await product({ slug: 'clay-anatomy', title: 'Clay anatomy', categories: [categoryId], attributes: { level: 'Advanced', duration: 300 }, editions: [edition(90)] });
    await product({ slug: 'clay-portraits', title: 'Clay portraits', categories: [categoryId], attributes: { level: 'Beginner', duration: 120 }, editions: [edition(50)] });
    await product({ slug: 'wood-carving', title: 'Wood carving', categories: [categoryId], attributes: { level: 'Beginner', duration: 90 }, editions: [edition(10)] });
  });
  afterAll(async () => t.close());

  it('narrows a search by facets and sorts it like a listing; counts come over the matches', async () => {
    expect((await slugs('q=clay')).sort()).toEqual(['clay-anatomy', 'clay-basics', 'clay-portraits']);
    expect(await slugs('q=clay&sort=price-asc')).toEqual(['clay-basics', 'clay-portraits', 'clay-anatomy']);
    expect(await slugs('q=clay&sort=price-desc')).toEqual(['clay-anatomy', 'clay-portraits', 'clay-basics']);
    expect(await slugs('q=clay&sort=newest')).toEqual(['clay-portraits', 'clay-anatomy', 'clay-basics']);
    expect(await slugs('q=clay&sort=order')).toEqual(['clay-basics', 'clay-anatomy', 'clay-portraits']);
    // OR within an attribute, AND across; ranked when no sort is given.
    expect((await slugs('q=clay&attr.level=beginner')).sort()).toEqual(['clay-basics', 'clay-portraits']);
    expect(await slugs('q=clay&attr.level=beginner&attr.duration=0-100')).toEqual(['clay-basics']);
    const narrowed = await search('q=clay&attr.level=beginner&sort=price-desc&limit=1');
    expect(narrowed.data.map((hit) => hit.slug)).toEqual(['clay-portraits']);
    expect(narrowed.meta.total).toBe(2);
    const next = await search(`q=clay&attr.level=beginner&sort=price-desc&limit=1&cursor=${narrowed.meta.nextCursor}`);
    expect(next.data.map((hit) => hit.slug)).toEqual(['clay-basics']);
    expect(next.meta.nextCursor).toBeNull();

    // Counts over the matches only (the wood carving is not one), each facet under the other choices.
    let found = await facets('q=clay');
    expect(found.level!.values.map((value) => value.count)).toEqual([2, 1]);
    expect(found.duration).toMatchObject({ min: 60, max: 300, count: 3 });
    found = await facets('q=clay&attr.level=beginner&attr.duration=0-100');
    expect(found.level!.values.map((value) => value.count)).toEqual([1, 0]);
    expect(found.duration).toMatchObject({ min: 60, max: 120, count: 2 });
  });

  it('refuses bad narrowing of a search naming the parameter', async () => {
    for (const [query, field] of [
      ['q=clay&attr.level=expert', 'attr.level'],
      ['q=clay&attr.colour=red', 'attr.colour'],
      ['q=clay&sort=cheapest', 'sort'],
      ['q=clay&availability=gone', 'availability'],
    ] as const) {
      for (const path of ['/api/search', '/api/search/facets']) {
        const response = await t.app.inject({ url: `${path}?${query}` });
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.json().error).toMatch(new RegExp(`^${field.replace('.', '\\.')}`));
      }
    }
  });

  it('renders the search page with its facets and sort from the address, in one normal form', async () => {
    const page = await visitAfterWrite(t.app, '/search?q=clay&level=beginner&sort=price-desc&utm_source=x');
    expect(page.statusCode).toBe(200);
    expect(resultTitles(page.body)).toEqual(['Clay portraits', 'Clay basics']);
    expect(page.body).toMatch(/<form class="facet-form" aria-label="Filter and sort" action="\/search" method="get">/);
    expect(page.body).toContain('<input type="hidden" name="q" value="clay"/>');
    expect(page.body).toContain('name="level" checked="" value="beginner"');
    expect(page.body).toMatch(/Advanced <span class="facet__count">\(1\)<\/span>/);
    expect(page.body).toMatch(/<option value="price-desc" selected="">Price: high to low<\/option>/);
    // The form's fields as a browser without JavaScript sends them: the same page.
    const sent = await visitAfterWrite(t.app, '/search?q=clay&level=beginner&duration-min=&duration-max=&sort=price-desc');
    expect(resultTitles(sent.body)).toEqual(['Clay portraits', 'Clay basics']);
    // No sort: the ranking, offered as "Best match".
    const ranked = await visitAfterWrite(t.app, '/search?q=clay');
    expect(ranked.body).toMatch(/<option value="" selected="">Best match<\/option>/);
    expect(resultTitles(ranked.body).sort()).toEqual(['Clay anatomy', 'Clay basics', 'Clay portraits']);
    // A choice that leaves nothing still offers the facets to undo it.
    const none = await visitAfterWrite(t.app, '/search?q=wood&level=advanced');
    expect(none.body).toContain('No products match the chosen filters.');
    expect(none.body).toContain('class="facet-form"');
  });

  it('offers a category only the tags its listed products carry when the owner hides sold-out products', async () => {
    const save = (soldOutProducts: string) => t.asAdmin({ method: 'PUT', url: '/api/site-settings', payload: { ...defaultSiteSettings(), soldOutProducts } });
    const kept = (await t.asAdmin({ method: 'POST', url: '/api/tags', payload: { title: 'Kept topic' } })).json().data;
    const gone = (await t.asAdmin({ method: 'POST', url: '/api/tags', payload: { title: 'Retired topic' } })).json().data;
    await product({ slug: 'old-course', title: 'Old course', categories: [categoryId], tags: [gone.id, kept.id], editions: [edition(20, 'sold_out')] });
    await product({ slug: 'live-course', title: 'Live course', categories: [categoryId], tags: [kept.id], editions: [edition(20)] });
    const tags = async (query = '') => {
      const response = await t.app.inject({ url: `/api/tags?category=sculpt${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    expect((await tags()).data.map((tag: { slug: string }) => tag.slug)).toEqual(['kept-topic', 'retired-topic']);
    expect(chips((await visitAfterWrite(t.app, '/category/sculpt')).body)).toEqual(['Kept topic', 'Retired topic']);
    try {
      expect((await save('hidden')).statusCode).toBe(200);
      expect((await tags()).data.map((tag: { slug: string }) => tag.slug)).toEqual(['kept-topic']);
      expect((await tags('&limit=10')).meta.total).toBe(1);
      expect(chips((await visitAfterWrite(t.app, '/category/sculpt')).body)).toEqual(['Kept topic']);
      // A chip's list counts only the products shown.
      const chosen = await visitAfterWrite(t.app, '/category/sculpt?tags=kept-topic');
      expect(chosen.body).toMatch(/role="status"[^>]*>1 product</);
      // The admin's list still names every tag of the category.
      expect((await t.asAdmin({ url: '/api/tags?category=sculpt' })).json().data).toHaveLength(2);
    } finally {
      await save('listed');
    }
    expect((await tags()).data).toHaveLength(2);
  });
});
