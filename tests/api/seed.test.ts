import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { parseVideoId } from '../../src/shared/video-link';
import { createTestEnv, startTestApp, testConfig, testDatabaseKind, type TestApp } from '../helpers/test-app';

type Product = { slug: string; tags: string[]; categories: string[]; gallery: { url: string }[]; introVideo: string; price: number | null; heroConfig: { title: string; heroImage: string; button1: { isActive: boolean } } };

const get = async (app: FastifyInstance, url: string) => {
  const response = await app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  return response.json().data;
};

async function contentCounts(app: FastifyInstance) {
  const [categories, products, tags] = await Promise.all([get(app, '/api/categories'), get(app, '/api/products'), get(app, '/api/tags')]);
  const media = await app.ctx.db.selectFrom('media').select('storage_key').execute();
  return { categories: categories.length, products: products.length, tags: tags.length, media: media.length };
}

/** Every /uploads/ url anywhere in a JSON value. */
function uploadUrls(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string' && value.startsWith('/uploads/')) found.add(value);
  else if (Array.isArray(value)) value.forEach((item) => uploadUrls(item, found));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => uploadUrls(item, found));
  return found;
}

describe(`demo content (${testDatabaseKind})`, () => {
  let t: TestApp;
  let seedMs = 0;
  beforeAll(async () => {
    const started = performance.now();
    t = await startTestApp({ SEED_DEMO: 'true' });
    seedMs = performance.now() - started;
  });
  afterAll(async () => t.close());

  it('fills an empty database with categories, tagged products, pages and a theme', async () => {
    console.info(`start-up with demo seeding took ${Math.round(seedMs)} ms on ${testDatabaseKind}`);
    const categories = await get(t.app, '/api/categories');
    expect(categories.length).toBeGreaterThanOrEqual(4);
    for (const category of categories) {
      expect(category.tileImage).toMatch(/^\/uploads\//);
      expect(category.heroConfig.title).not.toBe('');
      expect(category.heroConfig.heroImage).toMatch(/^\/uploads\//);
      expect(category.heroConfig.button1.isActive).toBe(true);
    }

    const products: Product[] = await get(t.app, '/api/products');
    expect(products.length).toBeGreaterThanOrEqual(12);
    for (const product of products) {
      expect(product.tags.length, product.slug).toBeGreaterThan(0);
      expect(product.categories.length, product.slug).toBeGreaterThan(0);
      expect(product.gallery.length, product.slug).toBe(3);
      expect(product.heroConfig.title, product.slug).not.toBe('');
      expect(product.heroConfig.heroImage, product.slug).toMatch(/^\/uploads\//);
      expect(product.heroConfig.button1.isActive, product.slug).toBe(true);
    }
    // Some intro videos are embedded video-site links, others the shipped MP4.
    expect(products.some((product) => parseVideoId(product.introVideo) !== null)).toBe(true);
    expect(products.some((product) => /^\/uploads\/.+\.mp4$/.test(product.introVideo))).toBe(true);
    // Tag filtering has something to do: some products share two or more tags.
    const sharesTwo = products.some((a, i) => products.slice(i + 1).some((b) => a.tags.filter((tag) => b.tags.includes(tag)).length >= 2));
    expect(sharesTwo).toBe(true);
    // Some courses show a price, others none.
    expect(products.find((product) => product.slug === 'variable-fonts-from-scratch')).toMatchObject({ price: 59, currency: 'EUR' });
    expect(products.some((product) => product.price === null)).toBe(true);
    expect((await get(t.app, '/api/tags')).length).toBeGreaterThanOrEqual(6);

    const homepage = await get(t.app, '/api/homepage');
    expect(homepage.title).not.toBe('');
    expect(homepage.heroImage).toMatch(/^\/uploads\//);
    expect(homepage.loopVideo).toMatch(/^\/uploads\/.+\.webm$/);
    const about = await get(t.app, '/api/about');
    expect(about.content).toContain('<h2>');
    expect(about.heroConfig.heroImage).toMatch(/^\/uploads\//);
    const theme = await get(t.app, '/api/theme');
    expect(theme.primaryColor).toBe('#2563eb');
    expect(theme.newsletterImage).toMatch(/^\/uploads\//);
  });

  it('points only at stored files, each served with an image or video type and recorded in the media table', async () => {
    const everything = await Promise.all(
      ['/api/categories', '/api/products', '/api/homepage', '/api/about', '/api/theme'].map((url) => get(t.app, url)),
    );
    const urls = [...uploadUrls(everything)];
    expect(urls.length).toBeGreaterThanOrEqual(60);
    for (const url of urls) {
      const response = await t.app.inject({ url, headers: { range: 'bytes=0-15' } });
      expect(response.statusCode, url).toBe(206);
      expect(response.headers['content-type'], url).toMatch(/^(image|video)\//);
    }
    const recorded = new Set((await t.app.ctx.db.selectFrom('media').select('url').execute()).map((row) => row.url));
    expect(urls.filter((url) => !recorded.has(url))).toEqual([]);
    // Nothing stored that the content does not use.
    expect(fs.readdirSync(t.app.ctx.config.mediaDir).length).toBe(recorded.size);
  });

  it('does not seed again on the next start', async () => {
    const before = await contentCounts(t.app);
    await t.restart();
    expect(await contentCounts(t.app)).toEqual(before);
    expect(fs.readdirSync(t.app.ctx.config.mediaDir).length).toBe(before.media);
  });
});

describe(`demo content is only for an empty database (${testDatabaseKind})`, () => {
  it('stays empty with SEED_DEMO=false', async () => {
    const t = await startTestApp({ SEED_DEMO: 'false' });
    try {
      expect(await contentCounts(t.app)).toEqual({ categories: 0, products: 0, tags: 0, media: 0 });
      expect(fs.readdirSync(t.app.ctx.config.mediaDir)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('never adds demo content beside real content', async () => {
    const t = await startTestApp({ SEED_DEMO: 'false' });
    try {
      const response = await t.asAdmin({ method: 'PUT', url: '/api/homepage', payload: { title: 'Our own homepage' } });
      expect(response.statusCode).toBe(200);
      await t.app.close();
      const app = await buildApp(testConfig(t.env, { SEED_DEMO: 'true' }), { web: false });
      try {
        expect(await contentCounts(app)).toEqual({ categories: 0, products: 0, tags: 0, media: 0 });
        expect((await get(app, '/api/homepage')).title).toBe('Our own homepage');
      } finally {
        await app.close();
      }
    } finally {
      await t.env.destroy();
    }
  });

  it.runIf(testDatabaseKind === 'postgres')('seeds once when two copies start together on one database', async () => {
    const env = await createTestEnv();
    try {
      const config = testConfig(env, { SEED_DEMO: 'true' });
      const apps = await Promise.all([buildApp(config, { web: false }), buildApp(config, { web: false })]);
      try {
        const counts = await Promise.all(apps.map(contentCounts));
        expect(counts[0]).toEqual(counts[1]);
        expect(counts[0]).toMatchObject({ categories: 4, products: 12, tags: 8 });
        // The copy that waited drew no pictures of its own.
        expect(fs.readdirSync(config.mediaDir).length).toBe(counts[0]!.media);
      } finally {
        await Promise.all(apps.map((app) => app.close()));
      }
    } finally {
      await env.destroy();
    }
  });
});
