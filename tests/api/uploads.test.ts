import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';

const ASSETS = path.resolve('src/server/seed/assets');
const webmBytes = () => fs.readFileSync(path.join(ASSETS, 'hero-loop.webm'));
const mp4Bytes = () => fs.readFileSync(path.join(ASSETS, 'product-intro.mp4'));

const pngBytes = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#2563eb' } }).png().toBuffer();

function form(field: string, files: Array<{ bytes: Buffer; name: string; type: string }>): FormData {
  const data = new FormData();
  for (const file of files) data.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return data;
}

const mediaFiles = (t: TestApp) => fs.readdirSync(t.app.ctx.config.mediaDir);
const mediaRows = (t: TestApp) => t.app.ctx.db.selectFrom('media').selectAll().execute();

describe(`uploads (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const uploadImage = async (files: Array<{ bytes: Buffer; name: string; type: string }>, field = 'image') =>
    t.asAdmin({ method: 'POST', url: '/api/upload/image', payload: form(field, files) });
  const uploadMedia = async (field: string, files: Array<{ bytes: Buffer; name: string; type: string }>) =>
    t.asAdmin({ method: 'POST', url: '/api/homepage/upload', payload: form(field, files) });

  it('stores a PNG under a generated name, records it and serves it back', async () => {
    const response = await uploadImage([{ bytes: await pngBytes(), name: 'My Photo.png', type: 'image/png' }]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // The spec's answer, plus the library id and the intrinsic size inside data and beside the url.
    const added = { id: expect.any(String), width: 64, height: 48 };
    expect(body).toEqual({ success: true, data: { url: body.url, ...added }, url: body.url, ...added, message: 'Image uploaded successfully' });
    expect(body.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);

    const served = await t.app.inject({ url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, s-maxage=31536000, stale-while-revalidate=86400, stale-if-error=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 64, 48]);

    const row = (await mediaRows(t)).find((media) => media.url === body.url);
    expect(row).toMatchObject({ mime_type: 'image/png', storage_key: body.url.replace('/uploads/', '') });
    expect(Number(row?.size_bytes)).toBe(served.rawPayload.length);
  });

  it('removes EXIF metadata from a JPEG and applies its orientation first', async () => {
    const jpeg = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#f97316' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Secret Owner', Artist: 'Secret Owner' } } })
      .toBuffer();
    expect(jpeg.includes('Secret Owner')).toBe(true);
    const response = await uploadImage([{ bytes: jpeg, name: 'camera.jpg', type: 'image/jpeg' }]);
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/\.jpg$/);
    const served = await t.app.inject({ url: response.json().url });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.includes('Secret Owner')).toBe(false);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Orientation 6 means "rotate 90°": the stored pixels are upright now.
    expect([meta.width, meta.height]).toEqual([40, 80]);
  });

  it('keeps the frames of an animated GIF', async () => {
    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map((background) =>
        sharp({ create: { width: 30, height: 20, channels: 3, background } }).png().toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } }).gif({ loop: 0 }).toBuffer();
    const response = await uploadImage([{ bytes: gif, name: 'spinner.gif', type: 'image/gif' }]);
    expect(response.statusCode).toBe(200);
    const served = await t.app.inject({ url: response.json().url });
    expect(served.headers['content-type']).toBe('image/gif');
    expect((await sharp(served.rawPayload, { animated: true }).metadata()).pages).toBe(3);
  });

  it('accepts WebP and AVIF, named by their detected type', async () => {
    const base = () => sharp({ create: { width: 24, height: 16, channels: 3, background: '#22c55e' } });
    for (const [bytes, type, extension] of [
      [await base().webp().toBuffer(), 'image/webp', 'webp'],
      [await base().avif().toBuffer(), 'image/avif', 'avif'],
    ] as const) {
      const response = await uploadImage([{ bytes, name: 'picture.jpg', type: 'image/jpeg' }]);
      expect(response.statusCode, type).toBe(200);
      expect(response.json().url).toMatch(new RegExp(`\\.${extension}$`));
      const served = await t.app.inject({ url: response.json().url });
      expect(served.headers['content-type']).toBe(type);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(24);
    }
  });

  it('judges the type by the bytes: a text file named .png is refused with 415 and nothing is kept', async () => {
    const before = mediaFiles(t).length;
    const rowsBefore = (await mediaRows(t)).length;
    const response = await uploadImage([{ bytes: Buffer.from('just some text, not a picture\n'.repeat(10)), name: 'fake.png', type: 'image/png' }]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ success: false, error: 'Unsupported file type: upload a JPEG, PNG, WebP, GIF or AVIF image' });
    expect(mediaFiles(t).length).toBe(before);
    expect((await mediaRows(t)).length).toBe(rowsBefore);
  });

  it('refuses a video and an image with a broken body on the image route', async () => {
    const video = await uploadImage([{ bytes: mp4Bytes(), name: 'clip.png', type: 'image/png' }]);
    expect(video.statusCode).toBe(415);
    const png = await pngBytes();
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    const response = await uploadImage([{ bytes: broken, name: 'broken.png', type: 'image/png' }]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatch(/could not be read as a PNG image/);
  });

  it('names the missing field', async () => {
    const other = await uploadImage([{ bytes: await pngBytes(), name: 'a.png', type: 'image/png' }], 'picture');
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ success: false, error: 'image: a file is required' });
    const none = await t.asAdmin({ method: 'POST', url: '/api/homepage/upload', payload: new FormData() });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('file: a file is required');
  });

  it('refuses a body that is not multipart', async () => {
    const response = await t.asAdmin({ method: 'POST', url: '/api/upload/image', payload: { image: 'x' } });
    expect(response.statusCode).toBe(415);
    expect(response.json().success).toBe(false);
  });

  it('needs the admin token and writes nothing without it', async () => {
    const before = mediaFiles(t).sort();
    const rowsBefore = (await mediaRows(t)).length;
    for (const [url, field] of [['/api/upload/image', 'image'], ['/api/homepage/upload', 'file']] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: form(field, [{ bytes: await pngBytes(), name: 'a.png', type: 'image/png' }]),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().success).toBe(false);
    }
    expect(mediaFiles(t).sort()).toEqual(before);
    expect((await mediaRows(t)).length).toBe(rowsBefore);
  });

  it('answers one `file` with data.url and several `files` with data.urls in order', async () => {
    const single = await uploadMedia('file', [{ bytes: await pngBytes(), name: 'hero.png', type: 'image/png' }]);
    expect(single.statusCode).toBe(200);
    expect(single.json()).toEqual({
      success: true,
      data: { url: expect.stringMatching(/^\/uploads\/.+\.png$/), id: expect.any(String), width: 64, height: 48 },
    });

    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).jpeg().toBuffer();
    const many = await uploadMedia('files', [
      { bytes: await pngBytes(), name: 'one.png', type: 'image/png' },
      { bytes: jpeg, name: 'two.jpg', type: 'image/jpeg' },
      { bytes: webmBytes(), name: 'three.webm', type: 'video/webm' },
    ]);
    expect(many.statusCode).toBe(200);
    const urls: string[] = many.json().data.urls;
    expect(urls).toHaveLength(3);
    expect(many.json().data.files.map((file: { url: string; width: number | null }) => [file.url, file.width])).toEqual([
      [urls[0], 64],
      [urls[1], 20],
      [urls[2], null],
    ]);
    const types = [];
    for (const url of urls) types.push((await t.app.inject({ url })).headers['content-type']);
    expect(types).toEqual(['image/png', 'image/jpeg', 'video/webm']);
  });

  it('stores videos exactly as sent and serves byte ranges of them', async () => {
    for (const [bytes, type, extension] of [[webmBytes(), 'video/webm', 'webm'], [mp4Bytes(), 'video/mp4', 'mp4']] as const) {
      // The declared type and name are wrong on purpose: only the bytes count.
      const response = await uploadMedia('file', [{ bytes, name: 'clip.bin', type: 'application/octet-stream' }]);
      expect(response.statusCode).toBe(200);
      const { url } = response.json().data;
      expect(url.endsWith(`.${extension}`)).toBe(true);
      const whole = await t.app.inject({ url });
      expect(whole.headers['content-type']).toBe(type);
      expect(whole.rawPayload.equals(bytes)).toBe(true);

      const ranged = await t.app.inject({ url, headers: { range: 'bytes=100-1099' } });
      expect(ranged.statusCode).toBe(206);
      expect(ranged.headers['content-range']).toBe(`bytes 100-1099/${bytes.length}`);
      expect(ranged.rawPayload.equals(bytes.subarray(100, 1100))).toBe(true);
    }
  });

  it('removes files already stored when a later file of the same upload is refused', async () => {
    const before = mediaFiles(t).sort();
    const rowsBefore = (await mediaRows(t)).length;
    const response = await uploadMedia('files', [
      { bytes: await pngBytes(), name: 'good.png', type: 'image/png' },
      { bytes: Buffer.from('%PDF-1.7 not an image at all, padded out to be long enough'), name: 'bad.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('Unsupported file type: upload a JPEG, PNG, WebP, GIF or AVIF image or an MP4 or WebM video');
    expect(mediaFiles(t).sort()).toEqual(before);
    expect((await mediaRows(t)).length).toBe(rowsBefore);
  });
});

describe(`upload size limits (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ MAX_IMAGE_MB: '0.01', MAX_VIDEO_MB: '0.02' });
  });
  afterAll(async () => t.close());

  it('refuses an image over the limit with 413 naming the limit, and keeps nothing', async () => {
    // Noise does not compress, so this PNG is well over 10 kB.
    const noise = randomBytes(120 * 120 * 3);
    const big = await sharp(noise, { raw: { width: 120, height: 120, channels: 3 } }).png().toBuffer();
    expect(big.length).toBeGreaterThan(0.01 * 1024 * 1024);
    const response = await t.asAdmin({
      method: 'POST',
      url: '/api/upload/image',
      payload: form('image', [{ bytes: big, name: 'big.png', type: 'image/png' }]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, error: 'File is too large: images may be at most 0.01 MB' });
    expect(fs.readdirSync(t.app.ctx.config.mediaDir)).toEqual([]);
  });

  it('refuses a video over the limit with 413 and leaves no partial file', async () => {
    const video = mp4Bytes();
    expect(video.length).toBeGreaterThan(0.02 * 1024 * 1024);
    const response = await t.asAdmin({
      method: 'POST',
      url: '/api/homepage/upload',
      payload: form('file', [{ bytes: video, name: 'clip.mp4', type: 'video/mp4' }]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('File is too large: videos may be at most 0.02 MB');
    expect(fs.readdirSync(t.app.ctx.config.mediaDir)).toEqual([]);
    expect(await t.app.ctx.db.selectFrom('media').selectAll().execute()).toEqual([]);
  });

  it('still accepts a small image', async () => {
    const response = await t.asAdmin({
      method: 'POST',
      url: '/api/upload/image',
      payload: form('image', [{ bytes: await pngBytes(8, 8), name: 'tiny.png', type: 'image/png' }]),
    });
    expect(response.statusCode).toBe(200);
  });
});
