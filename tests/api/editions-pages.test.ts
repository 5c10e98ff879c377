import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, visitAfterWrite, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';
import type { EditionInput } from '../../src/shared/schemas';
import { checkProductSnippet } from '../helpers/product-snippet-rules';

type Edition = { id: string; name: string };
const THREE: EditionInput[] = [
  { name: 'Video course', price: 49, currency: 'USD', compareAtPrice: 65, saleEndsAt: '2099-06-01T00:00:00Z', availability: 'available', buyLink: 'https://shop.example.com/video' },
  { name: 'Course + project files', price: 79, currency: 'USD', availability: 'preorder', buyLink: 'https://shop.example.com/files' },
  { name: 'Team licence', price: 299, currency: 'USD', availability: 'coming_soon', buyLink: 'https://shop.example.com/team' },
];

const buyBar = (html: string) => {
  const start = html.indexOf('<div class="buy-bar">');
  return html.slice(start, html.indexOf('</div>', start));
};
const jsonLd = (html: string) => {
  const match = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(match![1]!) as Array<Record<string, unknown>>;
};
const courseOf = (html: string) => jsonLd(html).find((block) => block['@type'] === 'Course')!;
const productOf = (html: string) => jsonLd(html).find((block) => block['@type'] === 'Product');
const card = (html: string, title: string) => html.slice(html.lastIndexOf('<article', html.indexOf(`${title}</h3>`)), html.indexOf('</article>', html.indexOf(`${title}</h3>`)));

/** Editions on the public pages (issue 28): the choice without JavaScript, sale prices and their end, badges, structured data. */
describe(`editions on the public pages (${testDatabaseKind})`, () => {
  let t: TestApp;
  let categoryId: string;
  let editions: Edition[];
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://shop.example.com' }, { web: true });
    categoryId = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'courses', title: 'Courses' }) })).json().data.id;
    const post = async (payload: Record<string, unknown>) => {
      const response = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ categories: [categoryId], ...payload }) });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { editions: Edition[] };
    };
    editions = (await post({ slug: 'three', title: 'Three', editions: THREE })).editions;
    await post({ slug: 'one', title: 'One', price: 20, currency: 'USD' });
    await post({ slug: 'gone', title: 'Gone', editions: [{ ...THREE[1]!, availability: 'sold_out' }] });
  });
  afterAll(async () => t.close());
  const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;

  it('lists the editions as links that choose one without JavaScript; the Buy bar follows the choice', async () => {
    const html = await page('/product/three');
    const picker = html.slice(html.indexOf('<nav class="edition-picker"'), html.indexOf('</nav>', html.indexOf('<nav class="edition-picker"')));
    for (const edition of editions) expect(picker).toContain(`href="/product/three?edition=${edition.id}"`);
    expect(picker.match(/aria-current="true"/g)).toHaveLength(1);
    expect(picker).toContain(`aria-current="true" href="/product/three?edition=${editions[0]!.id}"`);
    let bar = buyBar(html);
    expect(bar).toContain('href="https://shop.example.com/video"');
    expect(bar).toMatch(/<s class="price price--was">[\s\S]*\$65\.00<\/s>/);
    expect(bar).toContain('<span class="price">$49.00</span>');
    expect(bar).toContain('Save 25%');

    bar = buyBar(await page(`/product/three?edition=${editions[1]!.id}`));
    expect(bar).toContain('href="https://shop.example.com/files"');
    expect(bar).toContain('>Pre-order</a>');
    expect(bar).toContain('<span class="price">$79.00</span>');
    expect(bar).not.toContain('price--was');

    // Coming soon: no Buy link at all.
    const team = await page(`/product/three?edition=${editions[2]!.id}`);
    expect(buyBar(team)).not.toContain('<a ');
    expect(buyBar(team)).toContain('Coming soon');
    expect(team).not.toContain('href="https://shop.example.com/team"');
    // An unknown edition shows the default.
    expect(buyBar(await page('/product/three?edition=nope'))).toContain('href="https://shop.example.com/video"');
  });

  it('a product with one edition has no picker and no badge', async () => {
    const html = await page('/product/one');
    expect(html).not.toContain('class="edition-picker');
    expect(buyBar(html)).toContain('>Buy Now</a>');
    expect(html).not.toContain('class="badge');
  });

  it('shows badges on cards; a sold-out product has no Buy link', async () => {
    const html = await page('/category/courses');
    expect(card(html, 'Three')).toContain('>Sale</p>');
    expect(card(html, 'Gone')).toContain('>Sold out</p>');
    expect(card(html, 'One')).not.toContain('badge');
    // The homepage's sections show the same cards: the badge and the default edition's price.
    const home = await page('/');
    expect(card(home, 'Three')).toContain('>Sale</p>');
    expect(card(home, 'Three')).toContain('$49.00');
    // Search results show them too, with the default edition's price; the API gives each hit its editions.
    const found = await page('/search?q=Three');
    const result = found.slice(found.indexOf('<li class="search-result"'), found.indexOf('</li>', found.indexOf('<li class="search-result"')));
    expect(result).toContain('>Sale</p>');
    expect(result).toContain('<p class="search-result__price">$49.00</p>');
    expect(result).toMatch(/data-sale-ends="2099-06-01T00:00:00.000Z"/);
    const hits = (await t.app.inject({ method: 'GET', url: '/api/search?q=Gone' })).json().data as Array<{ slug: string; editions: Array<{ availability: string }> }>;
    expect(hits.find((hit) => hit.slug === 'gone')!.editions).toEqual([expect.objectContaining({ availability: 'sold_out' })]);
    const gone = await page('/product/gone');
    expect(buyBar(gone)).not.toContain('<a ');
    expect(buyBar(gone)).toContain('Sold out');
  });

  it('offers each edition in structured data: AggregateOffer over three, one Offer for one', async () => {
    const three = courseOf(await page('/product/three'));
    expect(three.offers).toEqual({
      '@type': 'AggregateOffer',
      lowPrice: '49.00',
      highPrice: '299.00',
      priceCurrency: 'USD',
      offerCount: 3,
      offers: [
        { '@type': 'Offer', name: 'Video course', url: 'https://shop.example.com/video', price: '49.00', priceCurrency: 'USD', category: 'Paid', priceValidUntil: '2099-05-31', availability: 'https://schema.org/InStock' },
        { '@type': 'Offer', name: 'Course + project files', url: 'https://shop.example.com/files', price: '79.00', priceCurrency: 'USD', category: 'Paid', availability: 'https://schema.org/PreOrder' },
        { '@type': 'Offer', name: 'Team licence', url: 'https://shop.example.com/team', price: '299.00', priceCurrency: 'USD', category: 'Paid', availability: 'https://schema.org/OutOfStock' },
      ],
    });
    const one = courseOf(await page('/product/one'));
    expect(one.offers).toEqual({ '@type': 'Offer', url: 'https://shop.example.com/buy', price: '20.00', priceCurrency: 'USD', category: 'Paid', availability: 'https://schema.org/InStock' });
    expect(courseOf(await page('/product/gone')).offers).toMatchObject({ availability: 'https://schema.org/SoldOut' });
  });

  it("meets Google's product snippet rules as a Product: 0 errors, 0 warnings with three editions and with one", async () => {
    const three = productOf(await page('/product/three'))!;
    expect(checkProductSnippet(three)).toEqual({ errors: [], warnings: [] });
    expect(three).toMatchObject({ name: 'Three', url: 'https://shop.example.com/product/three', offers: { '@type': 'AggregateOffer', lowPrice: '49.00', highPrice: '299.00', offerCount: 3 } });
    expect(three.image).toEqual([expect.stringMatching(/^https?:\/\//)]);
    expect(checkProductSnippet(productOf(await page('/product/one'))!)).toEqual({ errors: [], warnings: [] });
  });

  it('stops showing a sale at its end by itself, even from the render cache', async () => {
    const endsAt = new Date(Date.now() + 2500).toISOString();
    const made = await t.asAdmin({
      method: 'POST',
      url: '/api/products',
      payload: aProduct({ slug: 'flash', title: 'Flash', categories: [categoryId], editions: [{ ...THREE[0]!, saleEndsAt: endsAt }] }),
    });
    expect(made.statusCode, made.body).toBe(201);
    // Rendered and kept while the sale runs.
    await page('/product/flash');
    let html = await page('/product/flash');
    expect(buyBar(html)).toContain('Save 25%');
    expect(card((await visitAfterWrite(t.app, '/category/courses')).body, 'Flash')).toContain('$49.00');
    await new Promise((resolve) => setTimeout(resolve, Date.parse(endsAt) - Date.now() + 50));
    // No write happened: the kept page is past its end and is not served.
    html = await page('/product/flash');
    expect(buyBar(html)).toContain('<span class="price">$65.00</span>');
    expect(buyBar(html)).not.toContain('Save');
    expect(courseOf(html).offers).not.toHaveProperty('priceValidUntil');
    const flashCard = card(await page('/category/courses'), 'Flash');
    expect(flashCard).toContain('$65.00');
    expect(flashCard).not.toContain('Sale');
  });
});
