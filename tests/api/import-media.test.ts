import { existsSync, readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { makeZip } from '../helpers/zip';
import { SYSTEM } from '../../src/server/content/changes';
import { createMediaStore } from '../../src/server/modules/media/media.service';
import { runImport } from '../../src/server/modules/transfer/import.service';
import { fetchImage } from '../../src/server/modules/transfer/fetch-image';
import { ZIP_LIMITS } from '../../src/server/modules/transfer/media-zip';

/** Issue 31: images of an import from a zip beside the file, or (command line only) fetched, through the upload pipeline. */
const HEADER = 'slug,title,description,duration,categories,tags,edition,price,currency,compareAtPrice,saleEndsAt,availability,buyLink,mainImage,gallery,seoTitle,seoDescription\r\n';
const row = (slug: string, main: string, gallery = '') => `${slug},Course ${slug},<p>About ${slug}</p>,2 hours,,,,10,EUR,,,,https://shop.example.com/${slug},${main},${gallery},,\r\n`;
const png = (r: number, g: number, b: number) => sharp({ create: { width: 64, height: 36, channels: 3, background: { r, g, b } } }).png().toBuffer();
const UPLOAD = /^\/uploads\/[0-9a-f-]{36}\.png$/;

function importForm(file: string, media?: Buffer, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'text/csv' }), 'products.csv');
  if (media) form.append('media', new Blob([new Uint8Array(media)], { type: 'application/zip' }), 'media.zip');
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

describe(`import images (${testDatabaseKind})`, () => {
  let t: TestApp;
  let red: Buffer;
  let blue: Buffer;
  const limits = { ...ZIP_LIMITS };
  beforeAll(async () => {
    t = await startTestApp();
    red = await png(200, 40, 40);
    blue = await png(40, 40, 200);
  });
  afterAll(async () => t.close());
  afterEach(() => Object.assign(ZIP_LIMITS, limits));

  const post = (query: string, form: FormData) => t.asAdmin({ method: 'POST', url: `/api/import${query}`, payload: form });
  const bySlug = async (slug: string) => (await t.asAdmin({ url: `/api/products/slug/${slug}` })).json().data;
  const mediaRows = () => t.app.ctx.db.selectFrom('media').select(['url', 'storage_key', 'variants_status', 'width', 'height', 'original_name']).orderBy('url').execute();
  const storedFiles = () => (existsSync(t.app.ctx.config.mediaDir) ? readdirSync(t.app.ctx.config.mediaDir).filter((name) => !name.startsWith('.')).sort() : []);
  const productCount = async () => Number((await t.app.ctx.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('a zip beside the file: images named by file name go through the upload pipeline; a dry run stores nothing; the same files again change nothing', async () => {
    const zip = makeZip([
      { name: 'pictures/red.png', data: red },
      { name: 'blue.png', data: blue, deflate: true },
    ]);
    const file = HEADER + row('zipped', 'red.png', 'blue.png|pictures/red.png');
    const dry = await post('', importForm(file, zip));
    expect(dry.json().data, dry.body).toEqual({ dialect: 'showcase', created: 1, updated: 0, unchanged: 0, errors: [] });
    expect(await mediaRows()).toEqual([]);
    expect(storedFiles()).toEqual([]);

    const applied = await post('?dryRun=false', importForm(file, zip));
    expect(applied.json().data, applied.body).toEqual({ dialect: 'showcase', created: 1, updated: 0, unchanged: 0, errors: [] });
    const product = await bySlug('zipped');
    expect(product.mainImage).toMatch(UPLOAD);
    // The same bytes are one library item: the gallery's red picture is the tile image.
    expect(product.gallery).toEqual([
      { url: expect.stringMatching(UPLOAD), order: 0 },
      { url: product.mainImage, order: 1 },
    ]);
    const rows = await mediaRows();
    expect(rows).toHaveLength(2);
    // Like an upload: re-encoded, measured, and waiting for its variants.
    for (const media of rows) expect(media).toMatchObject({ variants_status: 'pending', width: 64, height: 36 });
    expect(rows.map((media) => media.original_name).sort()).toEqual(['blue.png', 'red.png']);
    expect(storedFiles()).toEqual(rows.map((media) => media.storage_key).sort());

    const again = await post('?dryRun=false', importForm(file, zip));
    expect(again.json().data).toEqual({ dialect: 'showcase', created: 0, updated: 0, unchanged: 1, errors: [] });
    expect(await mediaRows()).toEqual(rows);
  });

  it('a Shopify file whose Image Src URLs name files of the zip takes them from it', async () => {
    const file = [
      'Handle,Title,Body (HTML),Type,Tags,Published,Option1 Name,Option1 Value,Variant Price,Image Src,Image Position,Status\r\n',
      'shop-zip,Shop zip,<p>x</p>,Drawing,,TRUE,Title,Default Title,12.00,https://cdn.shopify.com/s/files/1/blue.png?v=17,1,active\r\n',
    ].join('');
    const response = await post('?dryRun=false', importForm(file, makeZip([{ name: 'blue.png', data: blue }]), { shopUrl: 'https://shop.example.com' }));
    expect(response.json().data, response.body).toMatchObject({ dialect: 'shopify', created: 1, errors: [] });
    // The same bytes as the blue picture imported before: the same library item.
    expect((await bySlug('shop-zip')).mainImage).toBe((await bySlug('zipped')).gallery[0].url);
  });

  it('a WooCommerce file\'s Images and a Showcase JSON document\'s mainImage and gallery are taken from the zip too', async () => {
    const cover = await png(10, 120, 10);
    const back = await png(120, 10, 120);
    const zip = makeZip([
      { name: 'cover.png', data: cover },
      { name: 'back.png', data: back },
    ]);
    const woo = [
      'ID,Type,SKU,Name,Published,Short description,Description,Regular price,Images,External URL\r\n',
      '7,external,WOO-ZIP,Woo zip,1,1 hour,<p>x</p>,15,"cover.png, https://cdn.example.com/x/back.png",https://buy.example.com/woo\r\n',
    ].join('');
    const wooAnswer = await post('?dryRun=false', importForm(woo, zip));
    expect(wooAnswer.json().data, wooAnswer.body).toMatchObject({ dialect: 'woocommerce', created: 1, errors: [] });
    const fromWoo = await bySlug('woo-zip');
    expect(fromWoo.mainImage).toMatch(UPLOAD);
    expect(fromWoo.gallery).toEqual([{ url: expect.stringMatching(UPLOAD), order: 0 }]);

    const json = JSON.stringify({
      products: [
        {
          slug: 'json-zip',
          title: 'JSON zip',
          description: '<p>y</p>',
          duration: '1 hour',
          editions: [{ name: '', price: 5, currency: 'EUR', buyLink: 'https://buy.example.com/json' }],
          mainImage: 'back.png',
          gallery: ['cover.png'],
        },
      ],
    });
    const jsonAnswer = await post('?dryRun=false', importForm(json, zip));
    expect(jsonAnswer.json().data, jsonAnswer.body).toMatchObject({ dialect: 'showcase', created: 1, errors: [] });
    // The same bytes as the WooCommerce product's images: the same library items.
    expect(await bySlug('json-zip')).toMatchObject({ mainImage: fromWoo.gallery[0].url, gallery: [{ url: fromWoo.mainImage, order: 0 }] });
  });

  it('a file named by a row that the zip lacks, or with no zip, is an error of its line and column; nothing is stored', async () => {
    const file = HEADER + row('fine', 'red.png') + row('lacking', 'missing.png', 'red.png|nope.jpg');
    const before = await mediaRows();
    const filesBefore = storedFiles();
    const response = await post('?dryRun=false', importForm(file, makeZip([{ name: 'red.png', data: await png(1, 2, 3) }])));
    expect(response.statusCode).toBe(422);
    expect(response.json().data.errors).toEqual([
      { line: 3, column: 'mainImage', message: 'no file “missing.png” in the media zip' },
      { line: 3, column: 'gallery', message: 'no file “nope.jpg” in the media zip' },
    ]);
    // The file of the new image, stored as it was checked, went again with the import that was not applied.
    expect(storedFiles()).toEqual(filesBefore);
    const withoutZip = await post('', importForm(HEADER + row('fine', 'red.png')));
    expect(withoutZip.json().data.errors).toEqual([{ line: 2, column: 'mainImage', message: '“red.png” is a file name: send the media zip holding it' }]);
    const notImage = await post('', importForm(HEADER + row('fine', 'notes.png'), makeZip([{ name: 'notes.png', data: Buffer.from('just some text, not a picture') }])));
    expect(notImage.json().data.errors).toEqual([{ line: 2, column: 'mainImage', message: 'notes.png: not a JPEG, PNG, WebP, GIF or AVIF image' }]);
    expect(await mediaRows()).toEqual(before);
    expect(await bySlug('fine')).toBeUndefined();
  });

  it('refuses an unsafe zip as a whole: a name leaving its folder, a symbolic link, a file over the upload limit, too many entries, a zip bomb, not a zip', async () => {
    const file = HEADER + row('hostile-zip', 'red.png');
    const count = await productCount();
    const refusal = async (zip: Buffer) => {
      const response = await post('?dryRun=false', importForm(file, zip));
      expect(response.statusCode, response.body).toBe(422);
      const { errors } = response.json().data as { errors: Array<{ line: number; column: string; message: string }> };
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ line: 0, column: 'media' });
      return errors[0]!.message;
    };
    expect(await refusal(makeZip([{ name: 'red.png', data: red }, { name: '../evil.png', data: red }]))).toMatch(/leaves the zip’s folder/);
    expect(await refusal(makeZip([{ name: 'red.png', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]))).toBe('red.png: symbolic links are not read');
    expect(await refusal(makeZip([{ name: 'red.png', data: red, deflate: true, declaredSize: t.app.ctx.config.maxImageBytes + 1 }]))).toMatch(/^red\.png: larger than the upload limit/);
    ZIP_LIMITS.entries = 3;
    expect(await refusal(makeZip(['a', 'b', 'c', 'd'].map((name) => ({ name: `${name}.png`, data: red }))))).toBe('the media zip holds 4 entries; at most 3 are read');
    Object.assign(ZIP_LIMITS, limits);
    // A bomb: small when packed, each entry under the limit, together over the cap.
    ZIP_LIMITS.totalBytes = 100_000;
    const zeros = Buffer.alloc(60_000);
    expect(await refusal(makeZip([{ name: 'a.png', data: zeros, deflate: true }, { name: 'b.png', data: zeros, deflate: true }]))).toBe('the media zip unpacks to more than 100000 bytes');
    expect(await refusal(Buffer.from('this is not a zip archive'))).toMatch(/^the media file is not a zip archive/);
    expect(await productCount()).toBe(count);
  });

  it('a file whose header lies about its size is refused as it is unpacked', async () => {
    const zip = makeZip([{ name: 'red.png', data: red, deflate: true, declaredSize: 100 }]);
    const response = await post('', importForm(HEADER + row('liar', 'red.png'), zip));
    expect(response.json().data.errors).toEqual([{ line: 2, column: 'mainImage', message: expect.stringMatching(/^red\.png: /) }]);
  });

  it('--fetch-images: URLs go through the upload pipeline with the fetcher; the fetcher refuses http, private addresses, and the web route never fetches', async () => {
    const ctx = { db: t.app.ctx.db, contentEvents: t.app.ctx.contentEvents, store: createMediaStore(t.app.ctx.config), maxImageBytes: t.app.ctx.config.maxImageBytes };
    const green = await png(40, 200, 40);
    const asked: string[] = [];
    const fetch = async (url: string) => {
      asked.push(url);
      return green;
    };
    const file = HEADER + row('fetched', 'https://images.example.com/a/green.png?v=2', 'https://images.example.com/a/green.png?v=2');
    const run = (source: string, dryRun: boolean, fetcher = fetch) => runImport(ctx, SYSTEM, Readable.from([Buffer.from(source)]), { dryRun, media: { fetch: fetcher } });
    const dry = await run(file, true);
    expect(dry).toMatchObject({ created: 1, errors: [], images: 1 });
    expect(await t.app.ctx.db.selectFrom('media').select('id').where('original_name', '=', 'green.png').execute()).toEqual([]);
    const applied = await run(file, false);
    expect(applied).toMatchObject({ created: 1, errors: [], images: 1 });
    expect(asked).toEqual(['https://images.example.com/a/green.png?v=2', 'https://images.example.com/a/green.png?v=2']);
    const product = await bySlug('fetched');
    expect(product.mainImage).toMatch(UPLOAD);
    expect(product.gallery).toEqual([{ url: product.mainImage, order: 0 }]);
    expect(await run(file, false)).toMatchObject({ created: 0, updated: 0, unchanged: 1, images: 0 });

    // The real fetcher: https only, public addresses only (the redirects are fetch-image.test.ts's).
    const real = (url: string) => fetchImage(url, { maxBytes: ctx.maxImageBytes, timeoutMs: 2_000 }).then((fetched) => fetched.bytes);
    const refused = await run(HEADER + row('plain-http', 'http://images.example.com/x.png') + row('private', 'https://127.0.0.1:9/x.png', 'https://[::1]:9/y.png'), true, real);
    expect(refused.errors).toEqual([
      { line: 2, column: 'mainImage', message: 'http://images.example.com/x.png: only https addresses are fetched' },
      { line: 3, column: 'mainImage', message: 'https://127.0.0.1:9/x.png: 127.0.0.1 is not a public address' },
      { line: 3, column: 'gallery', message: 'https://[::1]:9/y.png: ::1 is not a public address' },
    ]);

    // POST /api/import never fetches: the URL stays the product's image.
    const web = await post('?dryRun=false', importForm(HEADER + row('web-url', 'https://images.example.com/a/web.png')));
    expect(web.json().data).toMatchObject({ created: 1, errors: [] });
    expect((await bySlug('web-url')).mainImage).toBe('https://images.example.com/a/web.png');
  });
});
