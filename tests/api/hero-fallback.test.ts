import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';
import { HERO_FALLBACK_DESCRIPTION_LENGTH } from '../../src/web/components/hero-fallback';

/** The hero section of a server-rendered page, as HTML. */
const heroOf = (html: string) => /<section class="hero[^"]*"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
const classOf = (hero: string) => /<section class="([^"]*)"/.exec(hero)?.[1] ?? '';

/** Server rendering through the real app on a real database: a new item's hero is built from its own fields. */
describe('hero fallback to the item', () => {
  let t: TestApp;
  const create = async (url: string, payload: Record<string, unknown>) => {
    const response = await t.asAdmin({ method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(201);
  };
  const html = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    // What the page shows: not the head's descriptions nor the hydration data.
    return response.body.replace(/<head>[\s\S]*?<\/head>/, '').replace(/<script[\s\S]*?<\/script>/g, '');
  };
  const page = async (url: string) => heroOf(await html(url));
  const count = (text: string, part: string) => text.split(part).length - 1;

  beforeAll(async () => {
    t = await startTestApp({}, { web: true });
  });
  afterAll(async () => t.close());

  it('a new product: title (the page\'s one H1) and tile image, no empty gradient; the description once, in the page', async () => {
    await create('/api/products', aProduct({ slug: 'fresh', title: 'Fresh & New', description: '<p>Learn <strong>type</strong> &amp; layout.</p><p>Second part.</p>' }));
    const body = await html('/product/fresh');
    const hero = heroOf(body);
    expect(classOf(hero)).toContain('hero--image');
    expect(classOf(hero)).not.toContain('hero--plain');
    expect(hero).toContain('<h1 class="hero__title">Fresh &amp; New</h1>');
    expect(count(body, '<h1')).toBe(1);
    // The title is not said again under the hero, nor the description in it.
    expect(count(body, '>Fresh &amp; New</h')).toBe(1);
    expect(hero).not.toContain('hero__description');
    expect(count(body, 'Second part.')).toBe(1);
    expect(hero).toMatch(/<img[^>]+class="hero__image"[^>]+src="\/uploads\/fresh\.jpg"|<img[^>]+src="\/uploads\/fresh\.jpg"[^>]+class="hero__image"/);
  });

  it('a new category: its title, description and tile image', async () => {
    await create('/api/categories', aCategory({ slug: 'lettering', title: 'Lettering', description: 'Brush and pen lettering.' }));
    const hero = await page('/category/lettering');
    expect(classOf(hero)).toContain('hero--image');
    expect(hero).toContain('<h1 class="hero__title">Lettering</h1>');
    expect(hero).toContain('<p class="hero__description">Brush and pen lettering.</p>');
    const body = await html('/category/lettering');
    expect(count(body, '<h1')).toBe(1);
    expect(count(body, 'Brush and pen lettering.')).toBe(1);
    expect(hero).toContain('/uploads/lettering.jpg');
  });

  it("what the hero sets wins, field by field", async () => {
    await create(
      '/api/products',
      aProduct({ slug: 'own-hero', title: 'Item Title', mainImage: '/uploads/tile.jpg', heroConfig: { title: 'Hero Title', heroImage: '/uploads/hero.jpg' } }),
    );
    const body = await html('/product/own-hero');
    const hero = heroOf(body);
    expect(hero).toContain('<h1 class="hero__title">Hero Title</h1>');
    expect(hero).not.toContain('Item Title');
    // The product's own title, which the hero does not say, comes under it.
    expect(body).toContain('<h2 class="product-page__title">Item Title</h2>');
    expect(hero).toContain('/uploads/hero.jpg');
    expect(hero).not.toContain('/uploads/tile.jpg');
    await create('/api/categories', aCategory({ slug: 'own-hero-category', title: 'Item Title', description: 'Learn things', heroConfig: { title: 'Hero Title' } }));
    // The description the hero left empty still comes from the item.
    expect(await page('/category/own-hero-category')).toContain('<p class="hero__description">Learn things</p>');
  });

  it('a background colour the admin chose is not covered by the tile image', async () => {
    await create('/api/categories', aCategory({ slug: 'coloured', heroConfig: { backgroundColor: '#123456' } }));
    const hero = await page('/category/coloured');
    expect(classOf(hero)).toContain('hero--colored');
    expect(hero).not.toContain('/uploads/coloured.jpg');
    expect(hero).toContain('<h1 class="hero__title">coloured</h1>');
  });

  it('a long description is cut at a word, near the limit', async () => {
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    await create('/api/categories', aCategory({ slug: 'long-text', description: words }));
    const hero = await page('/category/long-text');
    const description = /<p class="hero__description">([^<]*)<\/p>/.exec(hero)?.[1] ?? '';
    expect(description.endsWith('…')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(HERO_FALLBACK_DESCRIPTION_LENGTH);
    expect(description.length).toBeGreaterThan(HERO_FALLBACK_DESCRIPTION_LENGTH / 2);
    expect(words.startsWith(description.slice(0, -1))).toBe(true);
    expect(description.slice(0, -1)).toMatch(/word\d+$/);
  });
});
