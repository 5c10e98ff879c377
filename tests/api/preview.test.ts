import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, testDatabaseKind, visitAfterWrite, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';

const BASE = 'https://shop.example.com';

/** Preview links: the form's content on a signed link that anyone holding it may open for an hour; never cached, never indexed. */
describe(`preview links (${testDatabaseKind})`, () => {
  let t: TestApp;
  let categoryId: string;
  let productId: string;

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: BASE }, { web: true });
    categoryId = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'draft-cat', title: 'Saved Title', status: 'draft' }) })).json().data.id;
    productId = (await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'in-draft-cat', title: 'Member Product', categories: [categoryId] }) })).json().data.id;
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

  describe('a page made of blocks', () => {
    const blocks = [
      { type: 'richText', html: '<p>Doors open at <strong>eight</strong><script>alert(1)</script></p>' },
      { type: 'callToAction', heading: 'Come along', text: 'Launch night', button: { text: 'Book a seat', link: '/pages/launch' } },
      { type: 'faq', items: [{ question: 'Is there parking?', answer: '<p>Yes, behind the shop.</p>' }] },
      { type: 'contactForm', fields: [], consentText: 'I agree to be written back', successMessage: 'Thanks!' },
    ];
    /** The visible page, without its script elements. */
    const visible = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, '');

    it('shows the unsaved page at its address with every block, owner-only to make, no-store and noindex; the address stays unknown', async () => {
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/preview', payload: { kind: 'page', data: { title: 'Launch', slug: 'pv-launch', blocks } } });
      expect(anonymous.statusCode).toBe(401);
      const link = await preview({ kind: 'page', data: { title: 'Launch Night Unsaved', slug: 'pv-launch', blocks } });
      expect(link.url).toMatch(new RegExp(`^${BASE}/preview/[\\w-]+/[\\w-]+$`));
      const page = await open(link.url);
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.headers['x-robots-tag']).toBe('noindex');
      expect(page.body).toContain('<meta name="robots" content="noindex">');
      expect(page.body).toContain('Preview: visitors do not see this version');
      const html = visible(page.body);
      expect(html).toContain('<h1 class="site-page__title">Launch Night Unsaved</h1>');
      expect(html).toContain('Doors open at <strong>eight</strong>');
      expect(page.body).not.toContain('alert(1)');
      expect(html).toContain('Book a seat');
      expect(html).toContain('Is there parking?');
      expect(page.body).toContain('"@type":"FAQPage"');
      expect((await visitAfterWrite(t.app, '/pages/pv-launch')).statusCode).toBe(404);
    });

    it('renders every block type with the public renderer', async () => {
      const every = [
        ...blocks,
        { type: 'image', url: '/uploads/bench.jpg', alt: 'A bench', caption: 'Our bench at dusk' },
        { type: 'gallery', images: [{ url: '/uploads/b.jpg', alt: 'Second view', order: 2 }, { url: '/uploads/a.jpg', alt: 'First view', order: 1 }] },
        { type: 'productGrid', source: 'products', productIds: [productId], limit: 2 },
        { type: 'video', url: 'https://youtu.be/dQw4w9WgXcQ' },
        { type: 'newsletter', heading: 'Stay in touch', text: 'One letter a month' },
      ];
      const page = await open((await preview({ kind: 'page', data: { title: 'Every block', slug: 'pv-every', blocks: every } })).url);
      expect(page.statusCode).toBe(200);
      const html = visible(page.body);
      for (const text of ['Doors open at', 'Book a seat', 'Is there parking?', 'Send message', 'Our bench at dusk', 'First view', 'Second view', 'Member Product', 'Stay in touch', 'One letter a month']) {
        expect(html, text).toContain(text);
      }
      expect(html).toMatch(/dQw4w9WgXcQ/);
      expect(html.indexOf('First view')).toBeLessThan(html.indexOf('Second view'));
    });

    it('draws the contact form marked as a preview, with nowhere to post and its button off', async () => {
      const page = await open((await preview({ kind: 'page', data: { title: 'Contact preview', slug: 'pv-contact', blocks } })).url);
      const html = visible(page.body);
      expect(html).toContain('Preview: this form cannot be sent from a preview.');
      const form = /<form class="contact-form"[^>]*>/.exec(html)?.[0];
      expect(form).toBeDefined();
      expect(form).not.toMatch(/method=|action=/);
      expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>Send message<\/button>/);
      expect(html).toContain('I agree to be written back');
    });

    it('draws the newsletter sign-up marked as a preview, its button off; the page it previews keeps a live one', async () => {
      const withNewsletter = [...blocks, { type: 'newsletter', heading: 'Stay in touch', text: 'One letter a month' }];
      const page = await open((await preview({ kind: 'page', data: { title: 'Newsletter preview', slug: 'pv-newsletter', blocks: withNewsletter } })).url);
      const html = visible(page.body);
      expect(html).toContain('Preview: this sign-up cannot be sent from a preview.');
      expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>Subscribe<\/button>/);

      const created = await t.asAdmin({ method: 'POST', url: '/api/pages', payload: { title: 'Newsletter page', slug: 'pv-newsletter', status: 'published', blocks: withNewsletter } });
      expect(created.statusCode, created.body).toBe(201);
      const live = visible((await visitAfterWrite(t.app, '/pages/pv-newsletter')).body);
      expect(live).toContain('Stay in touch');
      expect(live).not.toContain('cannot be sent from a preview');
      expect(live).toMatch(/<button[^>]*type="submit"(?![^>]*disabled)[^>]*>Subscribe<\/button>/);
    });

    it("shows a saved page's unsaved edits while visitors keep the saved page", async () => {
      const created = await t.asAdmin({ method: 'POST', url: '/api/pages', payload: { title: 'Saved Page Title', slug: 'pv-saved', status: 'published', blocks: [{ type: 'richText', html: '<p>Saved words</p>' }] } });
      expect(created.statusCode, created.body).toBe(201);
      const saved = created.json().data as { id: string; blocks: Array<{ id: string }> };
      const edited = { title: 'Edited Page Title', slug: 'pv-saved', status: 'published', blocks: [{ id: saved.blocks[0]!.id, type: 'richText', html: '<p>Edited words</p>' }, blocks[3]] };
      const page = await open((await preview({ kind: 'page', id: saved.id, data: edited })).url);
      expect(page.statusCode).toBe(200);
      expect(visible(page.body)).toContain('Edited Page Title');
      expect(visible(page.body)).toContain('Edited words');
      expect(visible(page.body)).not.toContain('Saved words');
      const visitors = await visitAfterWrite(t.app, '/pages/pv-saved');
      expect(visitors.statusCode).toBe(200);
      expect(visible(visitors.body)).toContain('Saved Page Title');
      expect(visible(visitors.body)).not.toContain('Edited words');
    });

    it('refuses a bad page, naming the field', async () => {
      const refused = async (data: object) => {
        const response = await t.asAdmin({ method: 'POST', url: '/api/preview', payload: { kind: 'page', data } });
        expect(response.statusCode, response.body).toBe(400);
        return response.json().error as string;
      };
      expect(await refused({ slug: 'pv-bad', blocks: [] })).toMatch(/title/);
      expect(await refused({ title: 'Bad', slug: 'pv-bad', blocks: [{ type: 'carousel' }] })).toMatch(/blocks\.0\.type/);
      expect(await refused({ title: 'Bad', slug: 'pv-bad', blocks: [{ type: 'callToAction', heading: 'x', text: 'y' }] })).toMatch(/blocks\.0\.button/);
      expect(await refused({ title: 'Bad', slug: 'Not A Slug', blocks: [] })).toMatch(/slug/);
    });
  });
});
