import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';

const BASE = 'https://shop.example.com';

/** Preview links: the form's content on a signed link that anyone holding it may open for an hour; never cached, never indexed. */
describe('preview links', () => {
  let t: TestApp;
  let categoryId: string;

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: BASE }, { web: true });
    categoryId = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'draft-cat', title: 'Saved Title', status: 'draft' }) })).json().data.id;
    await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'in-draft-cat', title: 'Member Product', categories: [categoryId] }) });
  });
  afterAll(async () => t.close());
  afterEach(() => vi.useRealTimers());

  const preview = async (payload: object) => {
    const response = await t.asAdmin({ method: 'POST', url: '/api/preview', payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { url: string; expiresAt: string };
  };
  const open = (url: string) => t.app.inject({ method: 'GET', url: url.replace(BASE, '') });

  it('is admin only', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/preview', payload: { kind: 'about', data: { content: '<p>x</p>' } } });
    expect(response.statusCode).toBe(401);
  });

  it('shows an unsaved product as its page would look, absolute URL from PUBLIC_URL, no-store and noindex', async () => {
    const link = await preview({ kind: 'product', data: aProduct({ slug: 'not-saved-yet', title: 'Unsaved Wonder', description: '<p>Fresh<script>alert(1)</script></p>' }) });
    expect(link.url).toMatch(new RegExp(`^${BASE}/preview/[\\w-]+/[\\w-]+$`));
    const page = await open(link.url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.body).toContain('<h1 class="hero__title">Unsaved Wonder</h1>');
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect(page.body).toContain('Preview: visitors do not see this version');
    expect(page.body).not.toContain('<script>alert');
    // The live site knows nothing of it.
    expect((await t.app.inject({ method: 'GET', url: '/product/not-saved-yet' })).statusCode).toBe(404);
  });

  it('shows a draft category with edited fields and its products', async () => {
    const link = await preview({ kind: 'category', id: categoryId, data: aCategory({ slug: 'draft-cat', title: 'Edited Title' }) });
    const page = await open(link.url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Edited Title');
    expect(page.body).toContain('Member Product');
    expect((await t.app.inject({ method: 'GET', url: '/category/draft-cat' })).statusCode).toBe(404);
  });

  it('shows the homepage hero and the about page from the form', async () => {
    const home = await open((await preview({ kind: 'homepage', data: { title: 'Launch Week Hero' } })).url);
    expect(home.body).toContain('Launch Week Hero');
    const about = await open((await preview({ kind: 'about', data: { content: '<p>About in the making</p>' } })).url);
    expect(about.body).toContain('About in the making');
    expect((await t.app.inject({ method: 'GET', url: '/about' })).body).not.toContain('About in the making');
  });

  it('a changed signature or id opens nothing', async () => {
    const link = await preview({ kind: 'about', data: { content: '<p>Secret</p>' } });
    const [id, signature] = link.url.split('/preview/')[1]!.split('/') as [string, string];
    const forged = await open(`/preview/${id}/${signature.slice(0, -2)}xx`);
    expect(forged.statusCode).toBe(404);
    expect(forged.body).not.toContain('Secret');
    expect(forged.headers['cache-control']).toBe('private, no-store');
    expect((await open(`/preview/${id.slice(0, -2)}xx/${signature}`)).statusCode).toBe(404);
  });

  it('expires after one hour', async () => {
    const link = await preview({ kind: 'about', data: { content: '<p>Soon gone</p>' } });
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 59 * 60_000 });
    expect((await open(link.url)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    const late = await open(link.url);
    expect(late.statusCode).toBe(404);
    expect(late.body).toContain('expired');
  });

  it('refuses invalid form content, naming the field', async () => {
    const response = await t.asAdmin({ method: 'POST', url: '/api/preview', payload: { kind: 'product', data: { title: 'x' } } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/slug/);
  });
});
