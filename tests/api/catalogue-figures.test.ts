import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, visitAfterWrite, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct, aTag } from '../helpers/factories';

/**
 * Counts and a category's tags read a whole share of the catalogue, so they
 * are kept until a write that can change them (content/catalogue-figures.ts).
 * A row put in behind the app's back shows which writes refresh them.
 */
describe('figures over the catalogue: totals and a category\'s tags', () => {
  let t: TestApp;
  let categoryId: string;
  let bigId: string;
  beforeAll(async () => {
    t = await startTestApp({}, { web: true });
    categoryId = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'design' }) })).json().data.id;
    const red = (await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title: 'Red' }) })).json().data;
    bigId = (await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title: 'Big' }) })).json().data.id;
    const created = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'first', categories: [categoryId], tags: [red.id] }) });
    expect(created.statusCode, created.body).toBe(201);
  });
  afterAll(async () => t.close());

  const total = async () => (await t.app.inject({ method: 'GET', url: '/api/products?category=design&limit=1' })).json().meta.total;
  const tagTitles = async () => (await t.app.inject({ method: 'GET', url: '/api/tags?category=design' })).json().data.map((tag: { title: string }) => tag.title);
  /** The category page's own figures, from its hydration data. */
  const pageFigures = async () => {
    const html = (await visitAfterWrite(t.app, '/category/design')).body;
    const data = JSON.parse(/<script type="application\/json" id="showcase-hydration">(.*?)<\/script>/s.exec(html)![1]!).loaderData;
    const page = Object.values(data).find((value) => (value as { products?: unknown }).products) as { total: number; tags: { title: string }[] };
    return { total: page.total, tags: page.tags.map((tag) => tag.title) };
  };

  async function insertBehindTheAppsBack(): Promise<void> {
    const id = randomUUID();
    const now = new Date().toISOString();
    const { db } = t.app.ctx;
    await db
      .insertInto('products')
      .values({ id, slug: 'behind', title: 'Behind', duration: '1 hour', main_image: '/uploads/b.jpg', buy_link: 'https://shop.example.com/b', description: '<p>b</p>', intro_video: '', hero_config: '{}', gallery: '[]', sort_order: 5, dark_mode: 0, status: 'published', version: 1, created_at: now, updated_at: now })
      .execute();
    await db.insertInto('product_categories').values({ product_id: id, category_id: categoryId, position: 0 }).execute();
    await db.insertInto('product_tags').values({ product_id: id, tag_id: bigId, position: 0 }).execute();
  }

  it('keeps them through writes that cannot change them, and reads them again after a catalogue write', async () => {
    expect(await total()).toBe(1);
    expect(await tagTitles()).toEqual(['Red']);
    expect(await pageFigures()).toEqual({ total: 1, tags: ['Red'] });
    await insertBehindTheAppsBack();
    // The about page, the theme and the homepage say nothing about which products are listed where.
    const about = await t.asAdmin({ method: 'PUT', url: '/api/about', payload: { heroConfig: { title: 'About us' }, content: '<p>Hello</p>' } });
    expect(about.statusCode, about.body).toBe(200);
    expect(await total()).toBe(1);
    expect(await tagTitles()).toEqual(['Red']);
    expect(await pageFigures()).toEqual({ total: 1, tags: ['Red'] });
    // Any tag write may change a category's tags: both figures are read again.
    expect((await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title: 'Unused' }) })).statusCode).toBe(201);
    expect(await total()).toBe(2);
    expect(await tagTitles()).toEqual(['Big', 'Red']);
    expect(await pageFigures()).toEqual({ total: 2, tags: ['Big', 'Red'] });
  });
});
