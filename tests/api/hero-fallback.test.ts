import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { categoryPayload, productPayload } from '../helpers/factories';
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
  const page = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return heroOf(response.body);
  };

  beforeAll(async () => {
    t = await startTestApp({}, { web: true });
  });
  afterAll(async () => t.close());

  it('a new product: title, plain-text description and tile image, no empty gradient', async () => {
    await create('/api/products', productPayload('fresh', { title: 'Fresh & New', description: '<p>Learn <strong>type</strong> &amp; layout.</p><p>Second part.</p>' }));
    const hero = await page('/product/fresh');
    expect(classOf(hero)).toContain('hero--image');
    expect(classOf(hero)).not.toContain('hero--plain');
    expect(hero).toContain('<h2 class="hero__title">Fresh &amp; New</h2>');
    // Plain text: no markup from the rich description reaches the hero.
    expect(hero).toContain('<p class="hero__description">Learn type &amp; layout. Second part.</p>');
    expect(hero).toMatch(/<img[^>]+class="hero__image"[^>]+src="\/uploads\/fresh\.jpg"|<img[^>]+src="\/uploads\/fresh\.jpg"[^>]+class="hero__image"/);
  });

  it('a new category: its title, description and tile image', async () => {
    await create('/api/categories', categoryPayload('lettering', { title: 'Lettering', description: 'Brush and pen lettering.' }));
    const hero = await page('/category/lettering');
    expect(classOf(hero)).toContain('hero--image');
    expect(hero).toContain('<h2 class="hero__title">Lettering</h2>');
    expect(hero).toContain('<p class="hero__description">Brush and pen lettering.</p>');
    expect(hero).toContain('/uploads/lettering.jpg');
  });

  it("what the hero sets wins, field by field", async () => {
    await create(
      '/api/products',
      productPayload('own-hero', { title: 'Item Title', mainImage: '/uploads/tile.jpg', heroConfig: { title: 'Hero Title', heroImage: '/uploads/hero.jpg' } }),
    );
    const hero = await page('/product/own-hero');
    expect(hero).toContain('<h2 class="hero__title">Hero Title</h2>');
    expect(hero).not.toContain('Item Title');
    expect(hero).toContain('/uploads/hero.jpg');
    expect(hero).not.toContain('/uploads/tile.jpg');
    // The description the hero left empty still comes from the item.
    expect(hero).toContain('<p class="hero__description">Learn things</p>');
  });

  it('a background colour the admin chose is not covered by the tile image', async () => {
    await create('/api/categories', categoryPayload('coloured', { heroConfig: { backgroundColor: '#123456' } }));
    const hero = await page('/category/coloured');
    expect(classOf(hero)).toContain('hero--colored');
    expect(hero).not.toContain('/uploads/coloured.jpg');
    expect(hero).toContain('<h2 class="hero__title">coloured</h2>');
  });

  it('a long description is cut at a word, near the limit', async () => {
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    await create('/api/products', productPayload('long-text', { description: `<p>${words}</p>` }));
    const hero = await page('/product/long-text');
    const description = /<p class="hero__description">([^<]*)<\/p>/.exec(hero)?.[1] ?? '';
    expect(description.endsWith('…')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(HERO_FALLBACK_DESCRIPTION_LENGTH);
    expect(description.length).toBeGreaterThan(HERO_FALLBACK_DESCRIPTION_LENGTH / 2);
    expect(words.startsWith(description.slice(0, -1))).toBe(true);
    expect(description.slice(0, -1)).toMatch(/word\d+$/);
  });
});
