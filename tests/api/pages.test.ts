import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';
import type { SitePage } from '../../src/shared/schemas/page';

/** Every block type of issue 29, as an owner would send them (ids left to the server). */
export const everyBlock = (ids: { category: string; product: string }) => [
  { type: 'richText', html: '<p>Hello <strong>there</strong><script>alert(1)</script></p>' },
  { type: 'image', url: '/uploads/abc.jpg', alt: 'A bench', caption: 'Our bench' },
  { type: 'gallery', images: [{ url: '/uploads/b.jpg', alt: 'B', order: 2 }, { url: '/uploads/a.jpg', alt: 'A', order: 1 }] },
  { type: 'callToAction', heading: 'Come along', text: 'Launch night', button: { text: 'Book', link: '/pages/launch' } },
  { type: 'productGrid', source: 'category', categoryId: ids.category, limit: 4 },
  { type: 'productGrid', source: 'products', productIds: [ids.product], limit: 2 },
  { type: 'faq', items: [{ question: 'Do you ship?', answer: '<p>Yes, <em>everywhere</em>.</p><img src=x onerror=alert(1)>' }] },
  { type: 'video', url: 'https://youtu.be/dQw4w9WgXcQ' },
  { type: 'newsletter', heading: 'Stay in touch', text: 'One letter a month' },
  { type: 'contactForm', fields: [{ name: 'topic', label: 'Topic', type: 'choice', required: true, options: ['Order', 'Other'] }], consentText: 'I agree', successMessage: 'Thanks!' },
];

describe('pages made of blocks', () => {
  let t: TestApp;
  let ids: { category: string; product: string };
  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: 'error' });
    const category = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'page-cat' }) })).json().data;
    const product = (await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'page-product', categories: [category.id] }) })).json().data;
    ids = { category: category.id, product: product.id };
  });
  afterAll(() => t.close());

  const create = async (payload: Record<string, unknown>) => t.asAdmin({ method: 'POST', url: '/api/pages', payload });

  it('stores every block type with server-made ids, sanitised HTML and ordered galleries', async () => {
    const response = await create({ title: 'Everything', slug: 'everything', seoTitle: 'All blocks', blocks: everyBlock(ids), junk: 1 });
    expect(response.statusCode, response.body).toBe(201);
    const page = response.json().data as SitePage;
    expect(page.blocks.map((block) => block.type)).toEqual(everyBlock(ids).map((block) => block.type));
    expect(new Set(page.blocks.map((block) => block.id)).size).toBe(page.blocks.length);
    for (const block of page.blocks) expect(block.id.length).toBeGreaterThan(0);
    const [rich, , gallery, , grid, picked, faq, , , form] = page.blocks;
    expect(rich).toMatchObject({ html: '<p>Hello <strong>there</strong></p>' });
    expect(gallery).toMatchObject({ images: [{ url: '/uploads/a.jpg', order: 0 }, { url: '/uploads/b.jpg', order: 1 }] });
    expect(grid).toMatchObject({ source: 'category', categoryId: ids.category, tagId: null, productIds: [], limit: 4 });
    expect(picked).toMatchObject({ source: 'products', productIds: [ids.product], categoryId: null });
    if (faq?.type !== 'faq') throw new Error('faq expected');
    expect(faq.items[0]!.answer).not.toContain('onerror');
    expect(form).toMatchObject({ fields: [{ name: 'topic', type: 'choice', required: true, options: ['Order', 'Other'] }], consentText: 'I agree' });
    // A block keeps its id across saves.
    const again = await t.asAdmin({ method: 'PUT', url: `/api/pages/${page.id}`, payload: { ...page, blocks: page.blocks } });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json().data as SitePage).blocks.map((block) => block.id)).toEqual(page.blocks.map((block) => block.id));
  });

  it('answers 400 naming an unknown block type or a bad field', async () => {
    const unknown = await create({ title: 'Bad', slug: 'bad', blocks: [{ type: 'richText', html: '<p>x</p>' }, { type: 'carousel' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/^blocks\.1\.type: must be one of/);
    const badLink = await create({ title: 'Bad', slug: 'bad', blocks: [{ type: 'callToAction', heading: 'Hi', button: { text: 'Go', link: 'javascript:alert(1)' } }] });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().error).toMatch(/^blocks\.0\.button\.link: /);
    const grid = await create({ title: 'Bad', slug: 'bad', blocks: [{ type: 'productGrid', source: 'tag' }] });
    expect(grid.statusCode).toBe(400);
    expect(grid.json().error).toMatch(/^blocks\.0\.tagId: is required/);
    const builtIn = await create({ title: 'Bad', slug: 'bad', blocks: [{ type: 'contactForm', fields: [{ name: 'email', label: 'E', type: 'email' }] }] });
    expect(builtIn.statusCode).toBe(400);
    expect(builtIn.json().error).toMatch(/^blocks\.0\.fields\.0\.name: /);
    expect((await t.asAdmin({ method: 'GET', url: '/api/pages/slug/bad' })).statusCode).toBe(404);
  });

  it('shows visitors published pages only; drafts and future schedules stay with the admin', async () => {
    await create({ title: 'Draft page', slug: 'draft-page', status: 'draft', blocks: [] });
    await create({ title: 'Later page', slug: 'later-page', status: 'scheduled', publishAt: '2099-01-01T00:00:00Z', blocks: [] });
    await create({ title: 'Due page', slug: 'due-page', status: 'scheduled', publishAt: '2020-01-01T00:00:00Z', blocks: [] });
    const visitor = (await t.app.inject({ method: 'GET', url: '/api/pages' })).json().data as SitePage[];
    const slugs = visitor.map((page) => page.slug);
    expect(slugs).toContain('due-page');
    expect(slugs).not.toContain('draft-page');
    expect(slugs).not.toContain('later-page');
    expect((await t.app.inject({ method: 'GET', url: '/api/pages/slug/draft-page' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/pages/slug/due-page' })).json().data.status).toBe('published');
    const admin = (await t.asAdmin({ method: 'GET', url: '/api/pages?status=draft' })).json().data as SitePage[];
    expect(admin.map((page) => page.slug)).toEqual(['draft-page']);
    const paged = (await t.asAdmin({ method: 'GET', url: '/api/pages?limit=2' })).json();
    expect(paged.data).toHaveLength(2);
    expect(paged.meta.total).toBeGreaterThanOrEqual(4);
    // Reading or writing by id is the admin's.
    const id = visitor[0]!.id;
    expect((await t.app.inject({ method: 'GET', url: `/api/pages/${id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/pages', payload: { title: 'X', slug: 'x' } })).statusCode).toBe(401);
  });

  it('refuses a duplicate slug (409), keeps revisions, and deletes', async () => {
    const first = (await create({ title: 'Twin', slug: 'twin', blocks: [{ type: 'richText', html: '<p>one</p>' }] })).json().data as SitePage;
    const twin = await create({ title: 'Twin 2', slug: 'twin' });
    expect(twin.statusCode).toBe(409);
    await t.asAdmin({ method: 'PUT', url: `/api/pages/${first.id}`, payload: { title: 'Twin', slug: 'twin', blocks: [{ type: 'richText', html: '<p>two</p>' }] } });
    const revisions = (await t.asAdmin({ method: 'GET', url: `/api/pages/${first.id}/revisions` })).json().data as { id: string }[];
    expect(revisions.length).toBe(2);
    const restored = await t.asAdmin({ method: 'POST', url: `/api/pages/${first.id}/revisions/${revisions.at(-1)!.id}/restore` });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data.blocks[0].html).toBe('<p>one</p>');
    const deleted = await t.asAdmin({ method: 'DELETE', url: `/api/pages/${first.id}` });
    expect(deleted.json().data).toEqual({ id: first.id, deleted: true });
    expect((await t.asAdmin({ method: 'GET', url: `/api/pages/${first.id}` })).statusCode).toBe(404);
  });

  it('a slug change leaves a 301 redirect from the old public address', async () => {
    const page = (await create({ title: 'Privacy', slug: 'privacy-old', blocks: [] })).json().data as SitePage;
    await t.asAdmin({ method: 'PUT', url: `/api/pages/${page.id}`, payload: { title: 'Privacy', slug: 'privacy' } });
    const redirects = (await t.asAdmin({ method: 'GET', url: '/api/redirects' })).json().data as { from: string; to: string; target: unknown }[];
    expect(redirects).toContainEqual(expect.objectContaining({ from: '/pages/privacy-old', to: '/pages/privacy', target: { type: 'page', id: page.id } }));
  });
});
