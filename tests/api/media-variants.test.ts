import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { imageForm, noisyJpeg, waitForVariants } from '../helpers/media';

/** A PNG whose header declares a 30000×30000 canvas (900 megapixels) in a few dozen bytes. */
function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30000, 0);
  header.writeUInt32BE(30000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(30000 * 3 + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Variants take seconds of CPU per image; on a busy machine more than the default 30 s.
const VARIANT_TEST_MS = 120_000;

describe(`image variants (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ MEDIA_WORKERS: '1' });
  });
  afterAll(async () => t.close());

  const upload = (bytes: Buffer, name: string) => t.asAdmin({ method: 'POST', url: '/api/upload/image', payload: imageForm('image', bytes, name) });
  const mediaItem = async (id: string) => (await t.asAdmin({ url: `/api/media/${id}` })).json().data;

  it('answers the upload with id and intrinsic size, then makes AVIF, WebP and JPEG at the ladder widths, never upscaled', async () => {
    const original = await noisyJpeg(1500, 1000);
    const response = await upload(original, 'wide photo.jpg');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toEqual({ url: body.url, id: expect.any(String), width: 1500, height: 1000 });
    expect([body.id, body.width, body.height]).toEqual([body.data.id, 1500, 1000]);

    await waitForVariants(t, 110_000);
    const row = await t.app.ctx.db.selectFrom('media').selectAll().where('id', '=', body.data.id).executeTakeFirstOrThrow();
    expect(row.variants_status).toBe('done');
    expect(row.placeholder).toMatch(/^#[0-9a-f]{6}$/);
    const variants: Array<{ key: string; format: string; width: number; height: number; bytes: number; crop?: string }> = JSON.parse(row.variants);
    const ladder = variants.filter((variant) => !variant.crop);
    const widthsOf = (format: string) => ladder.filter((variant) => variant.format === format).map((variant) => variant.width).sort((a, b) => a - b);
    // Each rendition smaller than its source is kept; 1920 and 2560 would be upscaled and are never made.
    for (const format of ['avif', 'webp']) expect(widthsOf(format).every((width) => [320, 640, 960, 1280, 1500].includes(width))).toBe(true);
    expect(widthsOf('avif')).toContain(320);
    expect(widthsOf('webp')).toContain(640);
    expect(widthsOf('jpg').every((width) => width < 1500)).toBe(true);
    expect(ladder.every((variant) => variant.width <= 1500)).toBe(true);

    for (const variant of variants) {
      const served = await t.app.inject({ url: `/uploads/${variant.key}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, s-maxage=31536000, stale-while-revalidate=86400, stale-if-error=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe({ avif: 'heif', webp: 'webp', jpg: 'jpeg', png: 'png' }[variant.format]);
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      if (!variant.crop) {
        expect(variant.height).toBe(Math.round((variant.width * 1000) / 1500));
        expect(variant.bytes).toBeLessThan(original.length);
      }
    }
    const social = variants.find((variant) => variant.crop === 'social');
    expect([social?.width, social?.height]).toEqual([1200, 630]);
  }, VARIANT_TEST_MS);

  it('makes no rendition wider than a small image', async () => {
    const response = await upload(await noisyJpeg(200, 150), 'small.jpg');
    const { id } = response.json().data;
    await waitForVariants(t, 110_000);
    const item = await mediaItem(id);
    expect([item.width, item.height, item.variantsStatus]).toEqual([200, 150, 'done']);
    const row = await t.app.ctx.db.selectFrom('media').select('variants').where('id', '=', id).executeTakeFirstOrThrow();
    const widths = (JSON.parse(row.variants) as Array<{ width: number; crop?: string }>).filter((v) => !v.crop).map((v) => v.width);
    expect(widths.every((width) => width === 200)).toBe(true);
  }, VARIANT_TEST_MS);

  it('gives a picture with transparency no placeholder colour, and an opaque PNG one', async () => {
    // A dark logo on a see-through canvas: its dominant colour would paint a dark square behind it.
    const logo = await sharp({ create: { width: 240, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: await sharp({ create: { width: 120, height: 60, channels: 4, background: { r: 20, g: 20, b: 30, alpha: 1 } } }).png().toBuffer(), top: 30, left: 60 }])
      .png()
      .toBuffer();
    const opaque = await sharp({ create: { width: 240, height: 120, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
    const see = (await upload(logo, 'logo.png')).json().data.id as string;
    const solid = (await upload(opaque, 'red.png')).json().data.id as string;
    await waitForVariants(t, 110_000);
    const placeholderOf = async (id: string) =>
      (await t.app.ctx.db.selectFrom('media').select(['placeholder', 'variants_status']).where('id', '=', id).executeTakeFirstOrThrow());
    expect(await placeholderOf(see)).toEqual({ placeholder: '', variants_status: 'done' });
    expect((await placeholderOf(solid)).placeholder).toMatch(/^#[0-9a-f]{6}$/);
    // Pages are told no colour for it.
    const url = (await mediaItem(see)).url as string;
    const info = (await t.app.inject({ url: `/api/media/info?url=${encodeURIComponent(url)}` })).json();
    expect(info.data[url]).toMatchObject({ w: 240, h: 120 });
    expect(info.data[url].pc).toBeUndefined();
  }, VARIANT_TEST_MS);

  it('moves the social crop with the focal point, under a new name', async () => {
    const { id } = (await upload(await noisyJpeg(1600, 600), 'banner.jpg')).json().data;
    await waitForVariants(t, 110_000);
    const socialKey = async () => {
      const row = await t.app.ctx.db.selectFrom('media').select('variants').where('id', '=', id).executeTakeFirstOrThrow();
      return (JSON.parse(row.variants) as Array<{ key: string; crop?: string }>).find((v) => v.crop === 'social')?.key;
    };
    const before = await socialKey();
    const patched = await t.asAdmin({ method: 'PATCH', url: `/api/media/${id}`, payload: { focalPoint: { x: 0.9, y: 0.5 } } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data.focalPoint).toEqual({ x: 0.9, y: 0.5 });
    await waitForVariants(t, 110_000);
    const after = await socialKey();
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect((await t.app.inject({ url: `/uploads/${before}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/uploads/${after}` })).statusCode).toBe(200);
  }, VARIANT_TEST_MS);

  it('refuses a decompression bomb with 413 and keeps serving', async () => {
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const response = await upload(bomb, 'bomb.png');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, error: expect.stringMatching(/^Image is too large: 30000×30000 is 900 megapixels/) });
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const next = await upload(await noisyJpeg(100, 100), 'after.jpg');
    expect(next.statusCode).toBe(200);
  }, VARIANT_TEST_MS);

  it('refuses a corrupt image with 415', async () => {
    const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 7)]);
    const response = await upload(corrupt, 'broken.jpg');
    expect(response.statusCode).toBe(415);
    expect(response.json().success).toBe(false);
  }, VARIANT_TEST_MS);
});
