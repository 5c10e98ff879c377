import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, visitAfterWrite, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';

const titles = (html: string) => [...html.matchAll(/class="product-card__title"[^>]*>([^<]+)</g)].map((match) => match[1]);

/** Attributes on the public pages (issue 28, decision 072): facets in the address, server-rendered; the product page's table. */
describe(`facets and attributes on the public pages (${testDatabaseKind})`, () => {
  let t: TestApp;
  let level: string;
  beforeAll(async () => {
    t = await startTestApp({}, { web: true });
    const categoryId = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'courses', title: 'Courses' }) })).json().data.id;
    level = (await t.asAdmin({ method: 'POST', url: '/api/attributes', payload: { name: 'Level', slug: 'level', type: 'choice', values: ['Beginner', 'Advanced'], filter: true } })).json().data.id;
    await t.asAdmin({ method: 'POST', url: '/api/attributes', payload: { name: 'Duration', slug: 'duration', type: 'number', unit: 'min', filter: true } });
    await t.asAdmin({ method: 'POST', url: '/api/attributes', payload: { name: 'Software', slug: 'software', type: 'choice', values: ['Blender'] } });
    for (const [title, attributes] of [
      ['Short beginner', { level: 'Beginner', duration: 60, software: 'Blender' }],
      ['Long beginner', { level: 'Beginner', duration: 400 }],
      ['Short advanced', { level: 'Advanced', duration: 90 }],
    ] as const) {
      const response = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ title, slug: title.toLowerCase().replace(' ', '-'), categories: [categoryId], attributes }) });
      expect(response.statusCode, response.body).toBe(201);
    }
  });
  afterAll(async () => t.close());

  it('renders the facets with counts and the filtered list from the address, in one normal form', async () => {
    const all = await visitAfterWrite(t.app, '/category/courses');
    expect(titles(all.body)).toEqual(['Short beginner', 'Long beginner', 'Short advanced']);
    expect(all.body).toMatch(/<form class="facet-form" aria-label="Filter and sort" action="\/category\/courses" method="get">/);
    // Only filter attributes are facets.
    expect(all.body).not.toContain('Software');

    const filtered = await visitAfterWrite(t.app, '/category/courses?level=beginner&duration-min=0&duration-max=180');
    expect(filtered.statusCode).toBe(200);
    expect(titles(filtered.body)).toEqual(['Short beginner']);
    expect(filtered.body).toContain('name="level" checked="" value="beginner"');
    // The other level keeps its count under the duration chosen (OR within), the duration under the level (AND across).
    expect(filtered.body).toMatch(/Advanced <span class="facet__count">\(1\)<\/span>/);
    const same = await visitAfterWrite(t.app, '/category/courses?duration=0-180&level=beginner&utm_source=x');
    expect(titles(same.body)).toEqual(['Short beginner']);

    const sorted = await visitAfterWrite(t.app, '/category/courses?sort=newest');
    expect(titles(sorted.body)).toEqual(['Short advanced', 'Long beginner', 'Short beginner']);
    // A value that names nothing is left out of a shared address, never an error.
    const junk = await visitAfterWrite(t.app, '/category/courses?level=expert&colour=red');
    expect(junk.statusCode).toBe(200);
    expect(titles(junk.body)).toHaveLength(3);
  });

  it('shows a product’s attributes as a table, and an attribute change shows on its pages', async () => {
    const page = await visitAfterWrite(t.app, '/product/short-beginner');
    expect(page.body).toMatch(/<th scope="row">Level<\/th><td>Beginner<\/td>/);
    expect(page.body).toMatch(/<th scope="row">Duration<\/th><td>60 min<\/td>/);
    expect(page.body).toMatch(/<th scope="row">Software<\/th><td>Blender<\/td>/);
    const renamed = await t.asAdmin({ method: 'PUT', url: `/api/attributes/${level}`, payload: { name: 'Skill level', slug: 'level', type: 'choice', values: ['Beginner', 'Advanced'], filter: true } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await visitAfterWrite(t.app, '/product/short-beginner')).body).toMatch(/<th scope="row">Skill level<\/th>/);
    expect((await visitAfterWrite(t.app, '/category/courses')).body).toContain('Skill level');
  });
});
