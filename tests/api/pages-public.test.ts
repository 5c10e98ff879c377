import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, visitAfterWrite, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';
import type { SitePage } from '../../src/shared/schemas/page';

/** Every block type of issue 29 (as in pages.test.ts, which this file must not import: its tests would run here too). */
const everyBlock = (ids: { category: string; product: string }) => [
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

type Nav = { header: { label: string; href: string }[]; footer: { heading: string; links: { label: string; href: string }[] }[] };

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const structuredData = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((match) => {
    const value = JSON.parse(match[1]!) as unknown;
    return Array.isArray(value) ? value : [value];
  }) as Array<Record<string, unknown>>;
/** The visible page, without the hydration data (which repeats the texts). */
const visible = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, '');

describe(`public pages made of blocks, their forms and menus (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: { category: string; product: string };
  let everything: SitePage;
  let contact: SitePage;

  const createPage = async (payload: Record<string, unknown>) => {
    const response = await t.asAdmin({ method: 'POST', url: '/api/pages', payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as SitePage;
  };
  const submissions = async () => (await t.asAdmin({ method: 'GET', url: '/api/form-submissions' })).json().data as { name: string; email: string; fields: { name: string; value: string }[] }[];
  const post = (slug: string, fields: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/pages/${slug}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form(fields) });

  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: 'error', SUBSCRIBE_LIMIT_PER_IP: '6' }, { web: true });
    const category = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'pp-cat', title: 'Lamps' }) })).json().data;
    const product = (await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'pp-lamp', title: 'Reading Lamp', categories: [category.id] }) })).json().data;
    ids = { category: category.id, product: product.id };
    everything = await createPage({ title: 'Everything', slug: 'everything', seoTitle: 'All the blocks', seoDescription: 'A page with every block.', blocks: everyBlock(ids) });
    contact = await createPage({
      title: 'Contact us',
      slug: 'contact-us',
      blocks: [
        { type: 'richText', html: '<p>Write to us.</p>' },
        { type: 'contactForm', fields: [{ name: 'topic', label: 'Topic', type: 'choice', required: true, options: ['Order', 'Other'] }], successMessage: 'Thanks, we will write back soon.' },
      ],
    });
  });
  afterAll(() => t.close());

  it('renders every block type on the server, with the SEO title, description and canonical address', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/pages/everything' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const shown = visible(html);
    expect(html).toContain('<title>All the blocks | ');
    expect(html).toContain('<meta name="description" content="A page with every block.">');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/pages\/everything"/);
    expect(html).toMatch(/<meta property="og:image" content="[^"]+"/);
    expect(shown).toMatch(/<h1 class="site-page__title">Everything<\/h1>/);
    // richText, sanitised when saved.
    expect(shown).toContain('Hello <strong>there</strong>');
    expect(shown).not.toContain('alert(1)');
    // image with its caption; gallery tiles in their order.
    expect(shown).toMatch(/<figure class="page-block page-block--image">[\s\S]*?src="\/uploads\/abc.jpg"[\s\S]*?<figcaption[^>]*>Our bench<\/figcaption>/);
    expect(shown.indexOf('href="/uploads/a.jpg"')).toBeLessThan(shown.indexOf('href="/uploads/b.jpg"'));
    // call to action.
    expect(shown).toMatch(/<h2 class="page-block__title">Come along<\/h2>[\s\S]*?href="\/pages\/launch"[^>]*>Book<\/a>/);
    // product grids: the category's and the hand-picked product, as cards.
    expect(shown.match(/class="product-card__title">Reading Lamp</g)).toHaveLength(2);
    // FAQ as details.
    expect(shown).toMatch(/<details class="faq__item"><summary class="faq__question">Do you ship\?<\/summary>/);
    // video: the click-to-load still, linking to the player.
    expect(shown).toMatch(/class="intro-video__poster" href="https:\/\/www.youtube-nocookie.com\/embed\/dQw4w9WgXcQ/);
    // newsletter with its own words.
    expect(shown).toContain('Stay in touch');
    expect(shown).toContain('One letter a month');
    // contact form: a plain post to the page, with the owner's field.
    const block = everything.blocks.find((one) => one.type === 'contactForm')!;
    expect(shown).toContain(`<form class="contact-form" action="/pages/everything#${block.id}" method="post">`);
    for (const name of ['name', 'email', 'message', 'topic', 'website']) expect(shown).toContain(`name="${name}"`);
    expect(shown).toContain('I agree');
  });

  it('loads the picture that follows the opening text first, as the largest paint on a phone; later ones lazily', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/pages/everything' })).body;
    expect(html).toMatch(/<link rel="preload" as="image" href="\/uploads\/abc.jpg"[^>]*fetchpriority="high"/);
    expect(visible(html)).toMatch(/<figure class="page-block page-block--image"><img src="\/uploads\/abc.jpg"[^>]*loading="eager"[^>]*fetchPriority="high"/);
    expect(visible(html)).toMatch(/<img src="\/uploads\/a.jpg"[^>]*loading="lazy"/);
    // Behind a product grid the picture is not the page's lead: lazy, and nothing preloaded.
    await createPage({ title: 'Grid first', slug: 'pp-grid-first', blocks: [{ type: 'productGrid', source: 'products', productIds: [ids.product], limit: 1 }, { type: 'image', url: '/uploads/late.jpg', alt: 'Late', caption: '' }] });
    const later = (await visitAfterWrite(t.app, '/pages/pp-grid-first')).body;
    expect(later).not.toMatch(/<link rel="preload" as="image" href="\/uploads\/late.jpg"/);
    expect(visible(later)).toMatch(/<img src="\/uploads\/late.jpg"[^>]*loading="lazy"/);
  });

  it('emits the FAQ as FAQPage JSON-LD', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/pages/everything' })).body;
    const faq = structuredData(html).find((item) => item['@type'] === 'FAQPage');
    expect(faq).toBeDefined();
    expect(faq!.mainEntity).toEqual([{ '@type': 'Question', name: 'Do you ship?', acceptedAnswer: { '@type': 'Answer', text: expect.stringContaining('everywhere') } }]);
    expect(JSON.stringify(faq)).not.toContain('onerror');
  });

  it('shows drafts and scheduled pages to nobody before their time; a due one is live', async () => {
    await createPage({ title: 'Hidden', slug: 'pp-draft', status: 'draft', blocks: [{ type: 'richText', html: '<p>Secret draft</p>' }] });
    await createPage({ title: 'Later', slug: 'pp-later', status: 'scheduled', publishAt: new Date(Date.now() + 3_600_000).toISOString(), blocks: [{ type: 'richText', html: '<p>Secret plan</p>' }] });
    await createPage({ title: 'Due', slug: 'pp-due', status: 'scheduled', publishAt: new Date(Date.now() - 60_000).toISOString(), blocks: [{ type: 'richText', html: '<p>Out now</p>' }] });
    for (const url of ['/pages/pp-draft', '/pages/pp-later', '/pages/no-such-page']) {
      const response = await visitAfterWrite(t.app, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('Page Not Found');
      expect(response.body, url).not.toContain('Secret');
    }
    const due = await visitAfterWrite(t.app, '/pages/pp-due');
    expect(due.statusCode).toBe(200);
    expect(due.body).toContain('Out now');
    const sitemap = (await visitAfterWrite(t.app, '/sitemap.xml')).body;
    expect(sitemap).toContain('/pages/pp-due</loc>');
    expect(sitemap).toContain('/pages/everything</loc>');
    expect(sitemap).not.toContain('/pages/pp-draft');
    expect(sitemap).not.toContain('/pages/pp-later');
  });

  it('previews an unsaved page at its address, its HTML cleaned as a save cleans it', async () => {
    const link = await t.asAdmin({
      method: 'POST',
      url: '/api/preview',
      payload: { kind: 'page', data: { title: 'Launch night', slug: 'pp-launch', blocks: [{ type: 'richText', html: '<p>Doors open at eight<script>alert(1)</script></p>' }] } },
    });
    expect(link.statusCode, link.body).toBe(200);
    const shown = await t.app.inject({ method: 'GET', url: new URL(link.json().data.url as string).pathname });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Doors open at eight');
    expect(shown.body).not.toContain('alert(1)');
    expect((await visitAfterWrite(t.app, '/pages/pp-launch')).statusCode).toBe(404);
  });

  it('moves a page whose slug changed with a 301', async () => {
    const page = await createPage({ title: 'Old name', slug: 'pp-old', blocks: [] });
    const saved = await t.asAdmin({ method: 'PUT', url: `/api/pages/${page.id}`, payload: { ...page, slug: 'pp-new' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const old = await visitAfterWrite(t.app, '/pages/pp-old');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/pages/pp-new');
  });

  it('takes the contact form without JavaScript: stored, then the thank-you line on the same page', async () => {
    const block = contact.blocks.find((one) => one.type === 'contactForm')!;
    const before = (await submissions()).length;
    const sent = await post('contact-us', { formBlock: block.id, name: 'Ada', email: 'ada@example.com', message: 'Hello there', topic: 'Order', website: '' });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`/pages/contact-us?sent=${block.id}#${block.id}`);
    const stored = await submissions();
    expect(stored).toHaveLength(before + 1);
    expect(stored[0]).toMatchObject({ name: 'Ada', email: 'ada@example.com', fields: [{ name: 'topic', value: 'Order' }] });
    const thanks = await t.app.inject({ method: 'GET', url: `/pages/contact-us?sent=${block.id}` });
    expect(thanks.statusCode).toBe(200);
    expect(visible(thanks.body)).toContain('Thanks, we will write back soon.');
    expect(visible(thanks.body)).not.toContain('<form class="contact-form"');
    // A thank-you for a form the page does not have is the page itself, without a render of its own.
    const renders = t.app.renderCache.stats.renders;
    const madeUp = await t.app.inject({ method: 'GET', url: '/pages/contact-us?sent=made-up-id' });
    expect(madeUp.statusCode).toBe(302);
    expect(madeUp.headers.location).toBe('/pages/contact-us');
    expect(t.app.renderCache.stats.renders).toBe(renders);
    expect((await t.app.inject({ method: 'GET', url: '/pages/%E0?sent=x' })).statusCode).toBeLessThan(500);
    // The page itself still offers the form.
    expect(visible((await t.app.inject({ method: 'GET', url: '/pages/contact-us' })).body)).toContain('<form class="contact-form"');
  });

  it('shows the form again with what was typed and each problem under its field', async () => {
    const block = contact.blocks.find((one) => one.type === 'contactForm')!;
    const before = (await submissions()).length;
    const bad = await post('contact-us', { formBlock: block.id, name: 'Grace', email: 'not-an-address', message: '', topic: 'Order' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['cache-control']).toMatch(/no-store/);
    const shown = visible(bad.body);
    expect(shown).toMatch(/name="name"[^>]*value="Grace"|value="Grace"[^>]*name="name"/);
    expect(shown).toMatch(/id="[^"]+-email-error">must be a valid e-mail address</);
    expect(shown).toMatch(/id="[^"]+-message-error">is required</);
    // The owner's required choice, checked by the service.
    const noTopic = await post('contact-us', { formBlock: block.id, name: 'Grace', email: 'grace@example.com', message: 'Hi', topic: '' });
    expect(noTopic.statusCode).toBe(400);
    expect(visible(noTopic.body)).toMatch(/id="[^"]+-topic-error">is required</);
    expect(visible(noTopic.body)).toContain('>Hi</textarea>');
    // Too long a message.
    const long = await post('contact-us', { formBlock: block.id, name: 'Grace', email: 'grace@example.com', message: 'x'.repeat(5001), topic: 'Order' });
    expect(long.statusCode).toBe(400);
    expect(visible(long.body)).toMatch(/-message-error">must be at most 5000 characters</);
    expect(await submissions()).toHaveLength(before);
  });

  it('keeps nothing a bot sends through the honeypot, and still thanks it', async () => {
    const block = contact.blocks.find((one) => one.type === 'contactForm')!;
    const before = (await submissions()).length;
    const trapped = await post('contact-us', { formBlock: block.id, name: 'Bot', email: 'bot@example.com', message: 'Buy now', topic: 'Order', website: 'http://spam.example' });
    expect(trapped.statusCode).toBe(303);
    expect(await submissions()).toHaveLength(before);
  });

  it('keeps the JSON API as it was: 201 with the thank-you line', async () => {
    const block = contact.blocks.find((one) => one.type === 'contactForm')!;
    const sent = await t.app.inject({ method: 'POST', url: `/api/forms/${contact.id}/${block.id}/submissions`, payload: { name: 'Lin', email: 'lin@example.com', message: 'Hi', topic: 'Other' } });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data.message).toBe('Thanks, we will write back soon.');
  });

  it('answers a post to an unknown form by going back to the page', async () => {
    expect((await post('contact-us', { formBlock: 'nope', name: 'A', email: 'a@example.com', message: 'x' })).headers.location).toBe('/pages/contact-us');
    expect((await post('no-such-page', { formBlock: 'nope' })).statusCode).toBe(303);
  });

  it('limits posts without JavaScript like the API, refusals included: a small 429 page, never a render each', async () => {
    const block = contact.blocks.find((one) => one.type === 'contactForm')!;
    let last = await post('contact-us', { formBlock: block.id, name: 'Max', email: 'max@example.com', message: 'Again', topic: 'Order' });
    for (let i = 0; i < 8 && last.statusCode !== 429; i += 1) {
      last = await post('contact-us', { formBlock: block.id, name: 'Max', email: 'max@example.com', message: 'Again', topic: 'Order' });
    }
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toMatch(/^\d+$/);
    expect(last.body).toContain('Too many requests.');
    // Not the site's page rendered again: a small page of its own.
    expect(last.body).not.toContain('class="site-header"');
    const refused = await post('contact-us', { formBlock: block.id, name: 'Max', email: 'not-an-address', message: 'Again', topic: 'Order' });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).not.toContain('class="site-header"');
  });

  it('draws the spec menus until edited; then the owner menus, without a deleted target, external links in a new tab', async () => {
    const home = visible((await visitAfterWrite(t.app, '/')).body);
    expect(home).toContain('href="/category/pp-cat"');
    // The default footer: the spec's three columns, then the published pages.
    for (const heading of ['Navigation', 'Categories', 'Latest Products', 'Site']) expect(home).toContain(`>${heading}</h2>`);

    const gone = await createPage({ title: 'Soon gone', slug: 'pp-gone', blocks: [] });
    const menus: Nav = {
      header: [
        { label: 'Start', href: '/' },
        { label: 'Soon gone', href: '/pages/pp-gone' },
        { label: 'Our blog', href: 'https://blog.example.com' },
      ],
      footer: [{ heading: 'Legal bits', links: [{ label: 'Everything page', href: '/pages/everything' }, { label: 'Soon gone', href: '/pages/pp-gone' }] }],
    };
    expect((await t.asAdmin({ method: 'PUT', url: '/api/navigation', payload: menus })).statusCode).toBe(200);
    const edited = visible((await visitAfterWrite(t.app, '/about')).body);
    const header = /<header class="site-header"[\s\S]*?<\/header>/.exec(edited)![0];
    const footer = /<footer class="site-footer"[\s\S]*?<\/footer>/.exec(edited)![0];
    expect(header).toContain('>Start</a>');
    expect(header).toContain('href="/pages/pp-gone"');
    expect(header).not.toContain('href="/category/pp-cat"');
    expect(header).toMatch(/<a href="https:\/\/blog.example.com" class="site-nav__link" target="_blank" rel="noopener noreferrer">Our blog<\/a>/);
    expect(footer).toContain('>Legal bits</h2>');
    expect(footer).toContain('href="/pages/everything"');
    expect(footer).not.toContain('>Latest Products</h2>');

    expect((await t.asAdmin({ method: 'DELETE', url: `/api/pages/${gone.id}` })).statusCode).toBe(200);
    const after = visible((await visitAfterWrite(t.app, '/about')).body);
    expect(after).not.toContain('/pages/pp-gone');
    expect(after).toContain('href="/pages/everything"');
    // The social links of the site settings stay, in new tabs.
    const settings = (await t.app.inject({ method: 'GET', url: '/api/site-settings' })).json().data as { socialLinks: { url: string }[] };
    for (const link of settings.socialLinks) expect(after).toContain(`href="${link.url}" target="_blank" rel="noopener noreferrer"`);
    // Back to the spec's menus for the other tests of this file.
    expect((await t.asAdmin({ method: 'PUT', url: '/api/navigation', payload: { header: [{ label: 'Home', href: '/' }], footer: [] } })).statusCode).toBe(200);
  });

  it('finds pages by title and text in the site search', async () => {
    const found = await t.app.inject({ method: 'GET', url: '/api/search/pages?q=everywhere' });
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((hit: { slug: string }) => hit.slug)).toEqual(['everything']);
    expect((await t.app.inject({ method: 'GET', url: '/api/search/pages?q=secret' })).json().data).toEqual([]);
    const page = visible((await visitAfterWrite(t.app, '/search?q=everything')).body);
    expect(page).toContain('href="/pages/everything"');
  });

  it('once kept, is answered at the connection without Node parsing the request, like a product page (decision 068)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    let parsedByNode = 0;
    t.app.server.on('request', () => (parsedByNode += 1));
    for (const path of ['/product/pp-lamp', '/pages/everything']) {
      // The first ask renders (or finds) the page and teaches the front its address.
      const first = await plainGet(port, path);
      expect(first.status, path).toBe(200);
      const before = parsedByNode;
      const again = await plainGet(port, path);
      expect(again.status, path).toBe(200);
      expect(parsedByNode, `${path}: answered by the front`).toBe(before);
      expect(again.body.equals(first.body), path).toBe(true);
    }
  });
});

/** One plain keep-alive GET on a connection of its own, read off the wire (identity coding). */
function plainGet(port: number, path: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      const head = received.toString('latin1', 0, end);
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (received.length < end + 4 + length) return;
      socket.destroy();
      resolve({ status: Number(head.slice(9, 12)), body: received.subarray(end + 4, end + 4 + length) });
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: shop.example\r\nUser-Agent: pages-test\r\n\r\n`);
  });
}
