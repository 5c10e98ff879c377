import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';

type Listed = { slug: string; attributes: Record<string, string | number | boolean> };
type Facet = { slug: string; type: string; values: { value: string; count: number }[]; min: number | null; max: number | null; count: number };

const LEVELS = ['Beginner', 'Intermediate', 'Advanced'];
const SOFTWARE = ['Blender', 'Maya'];

/**
 * Facet counts (decision 082) checked against the listing itself: for each facet, the products the list
 * shows with every *other* choice kept, counted here value by value. The catalogue mixes what the facets'
 * read treats apart: drafts, products scheduled for later and past, products without some values, another
 * category's products, and a chosen attribute that is not a facet.
 */
describe(`facet counts agree with the listing (${testDatabaseKind})`, () => {
  let t: TestApp;

  const listed = async (query: string): Promise<{ products: Listed[]; total: number }> => {
    const response = await t.app.inject({ url: `/api/products?category=pottery&limit=100&${query}` });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    return { products: body.data as Listed[], total: body.meta.total as number };
  };
  const facets = async (query: string): Promise<Facet[]> => {
    const response = await t.app.inject({ url: `/api/products/facets?category=pottery&${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Facet[];
  };
  /** The address's choices less the one of `slug`. */
  const without = (query: string, slug: string) =>
    query
      .split('&')
      .filter((part) => part !== '' && !part.startsWith(`attr.${slug}=`))
      .join('&');

  beforeAll(async () => {
    t = await startTestApp({}, { web: false });
    const category = (slug: string) => t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug }) });
    const pottery = (await category('pottery')).json().data.id as string;
    const other = (await category('weaving')).json().data.id as string;
    const define = (payload: Record<string, unknown>) => t.asAdmin({ method: 'POST', url: '/api/attributes', payload });
    await define({ name: 'Level', slug: 'level', type: 'choice', values: LEVELS, filter: true });
    await define({ name: 'Duration', slug: 'duration', type: 'number', unit: 'min', filter: true });
    await define({ name: 'Project files', slug: 'files', type: 'boolean', filter: true });
    await define({ name: 'Software', slug: 'software', type: 'choice', values: SOFTWARE, filter: false });
    const made = async (n: number, extra: Record<string, unknown>) => {
      const attributes: Record<string, string | number | boolean> = {};
      // Every fifth product lacks a level, every seventh a duration: absent values count nowhere.
      if (n % 5 !== 0) attributes.level = LEVELS[n % 3]!.toLowerCase();
      if (n % 7 !== 0) attributes.duration = 40 + ((n * 53) % 500);
      attributes.files = n % 2 === 0;
      if (n % 4 !== 3) attributes.software = SOFTWARE[n % 2]!.toLowerCase();
      const response = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: `p${n}`, categories: [pottery], attributes, ...extra }) });
      expect(response.statusCode, response.body).toBe(201);
    };
    for (let n = 1; n <= 24; n += 1) await made(n, {});
    await made(25, { status: 'draft' });
    await made(26, { status: 'scheduled', publishAt: '2099-01-01T00:00:00Z' });
    await made(27, { status: 'scheduled', publishAt: '2020-01-01T00:00:00Z' });
    await made(28, { categories: [other] });
    await made(29, { categories: [pottery, other] });
  });
  afterAll(async () => t.close());

  const choices = [
    '',
    'attr.level=beginner',
    'attr.level=beginner,advanced&attr.duration=0-300',
    'attr.files=true&attr.duration=100-500',
    'attr.software=maya',
    'attr.level=intermediate&attr.files=false&attr.software=blender',
    'attr.level=advanced&attr.duration=1000-2000',
  ];

  it.each(choices)('counts each value as the listing would show it: %s', async (query) => {
    const found = await facets(query);
    expect(found.map((facet) => facet.slug)).toEqual(['level', 'duration', 'files']);
    for (const facet of found) {
      const { products } = await listed(without(query, facet.slug));
      const values = products.map((product) => product.attributes[facet.slug]).filter((value) => value !== undefined);
      if (facet.type === 'number') {
        const numbers = values as number[];
        expect(facet, facet.slug).toMatchObject({
          count: numbers.length,
          min: numbers.length > 0 ? Math.min(...numbers) : null,
          max: numbers.length > 0 ? Math.max(...numbers) : null,
        });
        continue;
      }
      const expected = facet.values.map((entry) => values.filter((value) => String(value) === entry.value).length);
      expect(
        facet.values.map((entry) => entry.count),
        facet.slug,
      ).toEqual(expected);
      expect(facet.count, facet.slug).toBe(values.length);
    }
  });

  it('leaves out drafts and products scheduled for later, and counts one whose time has come', async () => {
    const { products } = await listed('');
    const slugs = products.map((product) => product.slug);
    expect(slugs).toContain('p27');
    expect(slugs).toContain('p29');
    for (const hidden of ['p25', 'p26', 'p28']) expect(slugs).not.toContain(hidden);
    const files = (await facets('')).find((facet) => facet.slug === 'files')!;
    expect(files.count).toBe(26);
  });
});
