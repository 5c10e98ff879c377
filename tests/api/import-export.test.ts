import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { aProduct } from '../helpers/factories';

/** Issue 31: imports from Shopify, WooCommerce and Showcase's own files, dry run first, applied in one transaction; exports streamed. */
const FIXTURES = path.join(import.meta.dirname, '../fixtures/import');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const SHOP = 'https://shop.example.com';

function importForm(file: Buffer | string, name: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)], { type: 'text/csv' }), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

describe(`import and export (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const post = (query: string, form: FormData) => t.asAdmin({ method: 'POST', url: `/api/import${query}`, payload: form });
  const productCount = async () => Number((await t.app.ctx.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const bySlug = async (slug: string) => (await t.asAdmin({ url: `/api/products/slug/${slug}` })).json().data;
  const titlesOf = async (kind: 'categories' | 'tags', ids: string[]) => {
    const all = (await t.asAdmin({ url: `/api/${kind}` })).json().data as Array<{ id: string; title: string }>;
    return ids.map((id) => all.find((item) => item.id === id)?.title).sort();
  };

  it('a Shopify file: the dry run reports what it would create and changes nothing', async () => {
    const response = await post('', importForm(fixture('shopify-products.csv'), 'products_export.csv', { shopUrl: SHOP }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { dialect: 'shopify', created: 2, updated: 0, unchanged: 0, errors: [] } });
    expect(await productCount()).toBe(0);
  });

  it('a Shopify file applied: variants, images in position order, SEO, status, categories, tags and the Buy URL land where they belong', async () => {
    const response = await post('?dryRun=false', importForm(fixture('shopify-products.csv'), 'products_export.csv', { shopUrl: SHOP }));
    expect(response.json()).toEqual({ success: true, data: { dialect: 'shopify', created: 2, updated: 0, unchanged: 0, errors: [] } });
    const watercolour = await bySlug('watercolour-basics');
    expect(watercolour).toMatchObject({
      title: 'Watercolour basics',
      duration: 'Painting',
      price: 49,
      currency: 'USD',
      buyLink: `${SHOP}/products/watercolour-basics`,
      mainImage: 'https://cdn.shopify.com/s/files/1/watercolour-main.jpg',
      gallery: [{ url: 'https://cdn.shopify.com/s/files/1/watercolour-side.jpg', order: 0 }],
      seoTitle: 'Watercolour basics course',
      seoDescription: 'A first course in watercolour.',
      status: 'published',
    });
    expect(watercolour.description).toContain('<strong>washes</strong>');
    // Each variant is an edition named by its option values; a compare-at price above the price is a sale.
    expect(watercolour.editions.map(({ id: _id, ...edition }: { id: string }) => edition)).toEqual([
      { name: 'Online / Beginner', price: 49, currency: 'USD', compareAtPrice: 69, saleEndsAt: null, availability: 'available', buyLink: `${SHOP}/products/watercolour-basics` },
      { name: 'Live / Beginner', price: 99, currency: 'USD', compareAtPrice: null, saleEndsAt: null, availability: 'sold_out', buyLink: `${SHOP}/products/watercolour-basics` },
    ]);
    expect(await titlesOf('categories', watercolour.categories)).toEqual(['Painting']);
    expect(await titlesOf('tags', watercolour.tags)).toEqual(['beginner', 'watercolour']);
    expect(await bySlug('ink-drawing')).toMatchObject({ status: 'draft', price: 29.5, buyLink: `${SHOP}/products/ink-drawing` });
    expect((await bySlug('ink-drawing')).editions).toMatchObject([{ name: '', price: 29.5 }]);
  });

  it('the same file a second time changes 0 rows', async () => {
    const before = await t.app.ctx.db.selectFrom('products').select(['id', 'version', 'updated_at']).orderBy('id').execute();
    const response = await post('?dryRun=false', importForm(fixture('shopify-products.csv'), 'products_export.csv', { shopUrl: SHOP }));
    expect(response.json().data).toEqual({ dialect: 'shopify', created: 0, updated: 0, unchanged: 2, errors: [] });
    expect(await t.app.ctx.db.selectFrom('products').select(['id', 'version', 'updated_at']).orderBy('id').execute()).toEqual(before);
  });

  it('a file with errors: every error with its line and column, and applying it answers 422 and changes nothing', async () => {
    const before = await t.app.ctx.db.selectFrom('products').selectAll().orderBy('id').execute();
    const dry = await post('', importForm(fixture('shopify-errors.csv'), 'broken.csv', { shopUrl: SHOP }));
    expect(dry.statusCode).toBe(200);
    // Line 2's body holds a line break, so the second variant is on line 4.
    expect(dry.json().data.errors).toEqual([
      { line: 4, column: 'Variant Price', message: 'not a number' },
      { line: 5, column: 'Title', message: 'is required' },
    ]);
    const applied = await post('?dryRun=false', importForm(fixture('shopify-errors.csv'), 'broken.csv', { shopUrl: SHOP }));
    expect(applied.statusCode).toBe(422);
    expect(applied.json()).toMatchObject({ success: false, error: expect.any(String), data: { dialect: 'shopify', errors: dry.json().data.errors } });
    expect(await t.app.ctx.db.selectFrom('products').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('a shop file without the shop address: each product is an error, as there is no Buy URL', async () => {
    const response = await post('?dryRun=false', importForm(fixture('shopify-products.csv'), 'products_export.csv'));
    expect(response.statusCode).toBe(422);
    expect(response.json().data.errors).toEqual([
      { line: 2, column: 'Handle', message: 'no Buy URL: the shop address (shopUrl) is needed' },
      { line: 5, column: 'Handle', message: 'no Buy URL: the shop address (shopUrl) is needed' },
    ]);
  });

  it('a WooCommerce export: external products keep their URL, variations become editions, `>` paths their last category', async () => {
    const response = await post('?dryRun=false', importForm(fixture('woocommerce-products.csv'), 'wc-product-export.csv', { shopUrl: `${SHOP}/` }));
    expect(response.json()).toEqual({ success: true, data: { dialect: 'woocommerce', created: 3, updated: 0, unchanged: 0, errors: [] } });
    const design = await bySlug('ud-1');
    expect(design).toMatchObject({
      title: 'Design thinking online',
      duration: '6 hours - 40 lessons',
      price: 89,
      buyLink: 'https://www.udemy.com/course/design-thinking/',
      mainImage: 'https://cdn.example.com/design-main.jpg',
      gallery: [{ url: 'https://cdn.example.com/design-2.jpg', order: 0 }],
      status: 'published',
    });
    expect(await titlesOf('categories', design.categories)).toEqual(['Art', 'Design']);
    expect(await titlesOf('tags', design.tags)).toEqual(['design', 'online']);
    expect(await bySlug('pot-1')).toMatchObject({ status: 'draft', price: 45.5, buyLink: `${SHOP}/product/pot-1` });
    expect(await bySlug('print')).toMatchObject({ price: 30, buyLink: `${SHOP}/product/print` });
    expect(design.editions).toMatchObject([{ name: '', price: 89, compareAtPrice: 120, saleEndsAt: '2026-12-31T00:00:00.000Z', availability: 'available' }]);
    expect((await bySlug('pot-1')).editions).toMatchObject([{ price: 45.5, compareAtPrice: null, availability: 'sold_out' }]);
    // The variations of a variable product are its editions, named by their attribute values.
    expect((await bySlug('print')).editions).toMatchObject([
      { name: 'Online', price: 30, buyLink: `${SHOP}/product/print` },
      { name: 'In person', price: 60, buyLink: `${SHOP}/product/print` },
    ]);
    const again = await post('?dryRun=false', importForm(fixture('woocommerce-products.csv'), 'wc-product-export.csv', { shopUrl: `${SHOP}/` }));
    expect(again.json().data).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
  });

  it('a changed row updates its product, matched by slug', async () => {
    const changed = fixture('shopify-products.csv').toString('utf8').replace('29.50', '31.00');
    const response = await post('?dryRun=false', importForm(changed, 'products_export.csv', { shopUrl: SHOP }));
    expect(response.json().data).toEqual({ dialect: 'shopify', created: 0, updated: 1, unchanged: 1, errors: [] });
    expect((await bySlug('ink-drawing')).price).toBe(31);
  });

  it('Showcase CSV: one row per edition, the product columns repeated or left blank on later rows; the editions replaced as a whole', async () => {
    const header = 'slug,title,description,duration,categories,tags,edition,price,currency,compareAtPrice,saleEndsAt,availability,buyLink,mainImage,gallery,seoTitle,seoDescription\r\n';
    const file = [
      header,
      'two-ways,Two ways,<p>Either way</p>,3 hours,Painting,,Video course,20,EUR,30,2030-01-01T00:00:00Z,,https://shop.example.com/video,https://cdn.example.com/two.jpg,,,\r\n',
      // A later row with its product columns blank, then one repeating them: both belong to the product above.
      ',,,,,,Team licence,120,EUR,,,preorder,https://shop.example.com/team,,,,\r\n',
      'two-ways,Two ways,<p>Either way</p>,3 hours,Painting,,Workbook,,,,,coming_soon,https://shop.example.com/book,https://cdn.example.com/two.jpg,,,\r\n',
    ].join('');
    const created = await post('?dryRun=false', importForm(file, 'editions.csv'));
    expect(created.json().data, created.body).toEqual({ dialect: 'showcase', created: 1, updated: 0, unchanged: 0, errors: [] });
    const product = await bySlug('two-ways');
    expect(product).toMatchObject({ price: 20, currency: 'EUR', buyLink: 'https://shop.example.com/video' });
    expect(product.editions.map(({ id: _id, ...edition }: { id: string }) => edition)).toEqual([
      { name: 'Video course', price: 20, currency: 'EUR', compareAtPrice: 30, saleEndsAt: '2030-01-01T00:00:00.000Z', availability: 'available', buyLink: 'https://shop.example.com/video' },
      { name: 'Team licence', price: 120, currency: 'EUR', compareAtPrice: null, saleEndsAt: null, availability: 'preorder', buyLink: 'https://shop.example.com/team' },
      { name: 'Workbook', price: null, currency: null, compareAtPrice: null, saleEndsAt: null, availability: 'coming_soon', buyLink: 'https://shop.example.com/book' },
    ]);
    expect((await post('?dryRun=false', importForm(file, 'editions.csv'))).json().data).toMatchObject({ created: 0, updated: 0, unchanged: 1 });

    // The export repeats the product's columns on every edition row.
    const exported = (await t.asAdmin({ url: '/api/export/products.csv' })).body.split('\r\n').filter((line) => line.startsWith('two-ways,'));
    expect(exported).toHaveLength(3);
    expect(exported[1]).toBe('two-ways,Two ways,<p>Either way</p>,3 hours,Painting,,Team licence,120,EUR,,,preorder,https://shop.example.com/team,https://cdn.example.com/two.jpg,,,');

    // A file with fewer editions replaces the list: the kept edition keeps its id, the others go.
    const fewer = [header, 'two-ways,Two ways,<p>Either way</p>,3 hours,Painting,,Team licence,99,EUR,,,,https://shop.example.com/team,https://cdn.example.com/two.jpg,,,\r\n'].join('');
    expect((await post('?dryRun=false', importForm(fewer, 'fewer.csv'))).json().data).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    const after = await bySlug('two-ways');
    expect(after.editions).toEqual([{ id: product.editions[1].id, name: 'Team licence', price: 99, currency: 'EUR', compareAtPrice: null, saleEndsAt: null, availability: 'available', buyLink: 'https://shop.example.com/team' }]);
    expect(after).toMatchObject({ price: 99, buyLink: 'https://shop.example.com/team' });
    // Put back as it was, for the round trip below.
    expect((await post('?dryRun=false', importForm(file, 'editions.csv'))).json().data).toMatchObject({ updated: 1 });
  });

  it('errors in editions name the edition\'s line and column', async () => {
    const header = 'slug,title,description,duration,categories,tags,edition,price,currency,compareAtPrice,saleEndsAt,availability,buyLink,mainImage,gallery,seoTitle,seoDescription\r\n';
    const file = [
      header,
      'bad-editions,Bad editions,<p>x</p>,1 hour,,,One,20,EUR,10,,,https://shop.example.com/one,https://cdn.example.com/x.jpg,,,\r\n',
      'bad-editions,,,,,,,30,EUR,,,someday,https://shop.example.com/two,,,,\r\n',
      'bad-editions,,,,,,Three,40,EUR,,2030-01-01T00:00:00Z,,https://shop.example.com/three,,,,\r\n',
    ].join('');
    const response = await post('', importForm(file, 'bad.csv'));
    expect(response.json().data.errors).toEqual([{ line: 3, column: 'availability', message: 'must be available, preorder, coming_soon or sold_out' }]);
    const fixed = file.replace('someday', '');
    const checked = await post('', importForm(fixed, 'bad.csv'));
    expect(checked.json().data.errors).toEqual([{ line: 2, column: 'compareAtPrice', message: 'must be above the price' }]);
    const named = fixed.replace(',One,20,EUR,10,', ',One,20,EUR,,');
    expect((await post('', importForm(named, 'bad.csv'))).json().data.errors).toEqual([{ line: 3, column: 'edition', message: 'is required when there are several editions' }]);
    const sale = named.replace('bad-editions,,,,,,,30', 'bad-editions,,,,,,Two,30');
    expect((await post('', importForm(sale, 'bad.csv'))).json().data.errors).toEqual([{ line: 4, column: 'saleEndsAt', message: 'needs a compare-at price (a sale to end)' }]);
  });

  it('export: admin only; the CSV escapes formula cells; export → import into an empty site → export gives the same files', async () => {
    expect((await t.app.inject({ url: '/api/export/products.csv' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/export/catalogue.json' })).statusCode).toBe(401);
    const hostile = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'hostile', title: '=HYPERLINK("http://evil.example","click")', duration: '+1 lesson', price: 10, currency: 'EUR' }) });
    expect(hostile.statusCode, hostile.body).toBe(201);

    const csv = await t.asAdmin({ url: '/api/export/products.csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('slug,title,description,duration,categories,tags,edition,price,currency,compareAtPrice,saleEndsAt,availability,buyLink,mainImage,gallery,seoTitle,seoDescription');
    expect(csv.body).toContain(`hostile,"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csv.body).not.toMatch(/(^|,)[=+@]/m);
    const json = await t.asAdmin({ url: '/api/export/catalogue.json' });
    const document = json.json();
    expect(document.products.map((p: { slug: string }) => p.slug).sort()).toEqual(['hostile', 'ink-drawing', 'pot-1', 'print', 'two-ways', 'ud-1', 'watercolour-basics']);
    expect(document.products.find((p: { slug: string }) => p.slug === 'two-ways').editions).toHaveLength(3);

    const empty = await startTestApp();
    try {
      const imported = await empty.asAdmin({ method: 'POST', url: '/api/import?dryRun=false', payload: importForm(csv.body, 'products.csv') });
      expect(imported.json().data, imported.body).toEqual({ dialect: 'showcase', created: 7, updated: 0, unchanged: 0, errors: [] });
      expect((await empty.asAdmin({ url: '/api/export/products.csv' })).body).toBe(csv.body);
      const fromJson = await startTestApp();
      try {
        const viaJson = await fromJson.asAdmin({ method: 'POST', url: '/api/import?dryRun=false', payload: importForm(json.body, 'catalogue.json') });
        expect(viaJson.json().data, viaJson.body).toEqual({ dialect: 'showcase', created: 7, updated: 0, unchanged: 0, errors: [] });
        expect((await fromJson.asAdmin({ url: '/api/export/catalogue.json' })).json().products).toEqual(document.products);
      } finally {
        await fromJson.close();
      }
    } finally {
      await empty.close();
    }
  });

  it('refuses a request without a file, and a file that is not UTF-8 CSV with its line', async () => {
    const form = new FormData();
    form.append('shopUrl', SHOP);
    expect((await post('', form)).statusCode).toBe(400);
    const latin1 = Buffer.concat([Buffer.from('slug,title,buyLink\nok,Fine,https://x.example\nbad,Caf'), Buffer.from([0xe9]), Buffer.from(',https://x.example\n')]);
    const response = await post('', importForm(latin1, 'latin1.csv'));
    expect(response.json().data.errors).toEqual([{ line: 3, column: '', message: 'the file is not valid UTF-8 text' }]);
  });
});
