import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { sweepMedia } from '../../src/server/modules/media/media-sweep';
import { S3MediaStore } from '../../src/server/modules/media/s3-media-store';
import { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, startS3TestServer, type S3TestServer } from '../helpers/s3-test-server';

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A request with the path sent exactly as written (fetch and inject would normalise `..`). */
function rawRequest(port: number, rawPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: rawPath, headers, method }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

const s3Env = (s3: S3TestServer, bucket: string, extra: Record<string, string> = {}) => ({
  S3_BUCKET: bucket,
  S3_ENDPOINT: s3.endpoint,
  S3_ACCESS_KEY_ID,
  S3_SECRET_ACCESS_KEY,
  ...extra,
});

const localMediaFiles = (t: TestApp) => (fs.existsSync(t.app.ctx.config.mediaDir) ? fs.readdirSync(t.app.ctx.config.mediaDir) : []);
const spoolFiles = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('showcase-upload-'));
const keyOf = (url: string) => url.replace('/uploads/', '');

function form(field: string, files: Array<{ bytes: Buffer; name: string; type: string }>): FormData {
  const data = new FormData();
  for (const file of files) data.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return data;
}

const video = fs.readFileSync(path.resolve('src/server/seed/assets/hero-loop.webm'));

describe(`media in an S3-compatible bucket (${testDatabaseKind})`, () => {
  let s3: S3TestServer;
  let t: TestApp;
  let port: number;
  let png: Buffer;
  let imageUrl: string;
  let videoUrl: string;

  const post = (url: string, body: FormData) =>
    t.token().then((token) => fetch(`http://127.0.0.1:${port}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body }));

  beforeAll(async () => {
    s3 = await startS3TestServer(['media', 'seeded', 'prefixed']);
    t = await startTestApp(s3Env(s3, 'media', { MAX_VIDEO_MB: '1' }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;

    png = await sharp({ create: { width: 12, height: 8, channels: 3, background: '#2563eb' } }).png().toBuffer();
    const image = await post('/api/upload/image', form('image', [{ bytes: png, name: 'a.png', type: 'image/png' }]));
    expect(image.status).toBe(200);
    imageUrl = ((await image.json()) as { url: string }).url;
    const clip = await post('/api/homepage/upload', form('file', [{ bytes: video, name: 'clip.webm', type: 'video/webm' }]));
    expect(clip.status).toBe(200);
    videoUrl = ((await clip.json()) as { data: { url: string } }).data.url;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores uploaded images and videos in the bucket, not in DATA_DIR/uploads', async () => {
    expect(imageUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(videoUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webm$/);
    expect(await s3.keys('media')).toEqual([keyOf(imageUrl), keyOf(videoUrl)].sort());
    expect((await s3.object('media', keyOf(videoUrl)))?.equals(video)).toBe(true);
    const storedImage = await s3.object('media', keyOf(imageUrl));
    expect((await sharp(storedImage).metadata()).format).toBe('png');
    expect(localMediaFiles(t)).toEqual([]);
    // Every request was signed correctly (s3rver itself would accept any v4 signature) and every PUT had a length.
    expect(s3.refused).toEqual([]);
    expect(s3.requests.filter((request) => request.method === 'PUT').every((request) => Number(request.contentLength) > 0)).toBe(true);
    const rows = await t.app.ctx.db.selectFrom('media').select(['storage_key', 'url', 'mime_type']).execute();
    expect(rows.map((row) => row.url).sort()).toEqual([imageUrl, videoUrl].sort());
    expect(spoolFiles()).toEqual([]);
  });

  it('serves them back under /uploads with their type, nosniff and the year-long cache', async () => {
    const image = await rawRequest(port, imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, s-maxage=31536000, stale-while-revalidate=86400, stale-if-error=31536000, immutable');
    expect(image.headers['accept-ranges']).toBe('bytes');
    expect(image.headers.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(image.body.equals((await s3.object('media', keyOf(imageUrl)))!)).toBe(true);
    expect(image.headers['content-length']).toBe(String(image.body.length));

    const clip = await rawRequest(port, videoUrl);
    expect(clip.status).toBe(200);
    expect(clip.headers['content-type']).toBe('video/webm');
    expect(clip.body.equals(video)).toBe(true);

    const head = await rawRequest(port, videoUrl, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(video.length));
    expect(head.body.length).toBe(0);

    const again = await rawRequest(port, imageUrl, { 'if-none-match': String(image.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers a Range request with 206 and exactly that slice', async () => {
    const slice = await rawRequest(port, videoUrl, { range: 'bytes=10-209' });
    expect(slice.status).toBe(206);
    expect(slice.headers['content-type']).toBe('video/webm');
    expect(slice.headers['content-range']).toBe(`bytes 10-209/${video.length}`);
    expect(slice.headers['content-length']).toBe('200');
    expect(slice.headers['cache-control']).toBe('public, max-age=31536000, s-maxage=31536000, stale-while-revalidate=86400, stale-if-error=31536000, immutable');
    expect(slice.body.equals(video.subarray(10, 210))).toBe(true);

    const open = await rawRequest(port, videoUrl, { range: `bytes=${video.length - 100}-` });
    expect(open.status).toBe(206);
    expect(open.headers['content-range']).toBe(`bytes ${video.length - 100}-${video.length - 1}/${video.length}`);
    expect(open.body.equals(video.subarray(video.length - 100))).toBe(true);
    // (No suffix range `bytes=-100` here: s3rver reads it as `bytes=0-100`; S3 and MinIO do not.)

    const outside = await rawRequest(port, videoUrl, { range: `bytes=${video.length + 10}-` });
    expect(outside.status).toBe(416);
    expect(JSON.parse(outside.body.toString()).success).toBe(false);
  });

  it('answers an unknown key with the 404 envelope', async () => {
    const response = await rawRequest(port, '/uploads/0b5c1b7e-0000-4000-8000-000000000000.png');
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString())).toEqual({
      success: false,
      error: 'Not found: GET /uploads/0b5c1b7e-0000-4000-8000-000000000000.png',
    });
  });

  it('answers a name that is not a flat generated name with 404, without asking the bucket', async () => {
    const asked = s3.requests.length;
    const attempts = [
      '/uploads/',
      '/uploads',
      '/uploads/.hidden',
      '/uploads/../showcase.db',
      '/uploads/..%2fmedia%2fx.png',
      '/uploads/%2e%2e',
      '/uploads/a%2fb.png',
      '/uploads/a/b.png',
      '/uploads/x.png%3flist-type=2',
      '/uploads/x.tar.gz',
    ];
    for (const url of attempts) {
      const response = await rawRequest(port, url);
      expect(response.status, url).toBe(404);
      expect(JSON.parse(response.body.toString()).success, url).toBe(false);
    }
    expect(s3.requests.length).toBe(asked);
  });

  it('refuses an oversized video and sends nothing to the bucket', async () => {
    const before = await s3.keys('media');
    const big = Buffer.concat([video.subarray(0, 64), randomBytes(3 * 1024 * 1024)]);
    const response = await post('/api/homepage/upload', form('file', [{ bytes: big, name: 'big.webm', type: 'video/webm' }]));
    expect(response.status).toBe(413);
    expect(await s3.keys('media')).toEqual(before);
    expect(spoolFiles()).toEqual([]);
  });

  it('streams a large video to the bucket with its exact bytes', async () => {
    const large = Buffer.concat([video.subarray(0, 64), randomBytes(900 * 1024)]);
    const response = await post('/api/homepage/upload', form('files', [{ bytes: large, name: 'large.webm', type: 'video/webm' }]));
    expect(response.status).toBe(200);
    const [url] = ((await response.json()) as { data: { urls: string[] } }).data.urls;
    expect((await s3.object('media', keyOf(url!)))?.equals(large)).toBe(true);
    const put = s3.requests.findLast((request) => request.method === 'PUT');
    expect(put?.contentLength).toBe(String(large.length));
    expect(spoolFiles()).toEqual([]);
  });

  it('takes back the files already stored when a later file of the same upload is refused', async () => {
    const before = await s3.keys('media');
    // Bytes no earlier upload had: an item already in the library is not this request's to take back (decision 059).
    const fresh = await sharp({ create: { width: 12, height: 8, channels: 3, background: '#e11d48' } }).png().toBuffer();
    const body = form('files', [
      { bytes: fresh, name: 'ok.png', type: 'image/png' },
      { bytes: Buffer.from('not an image at all, just text'), name: 'bad.png', type: 'image/png' },
    ]);
    const response = await post('/api/homepage/upload', body);
    expect(response.status).toBe(415);
    expect(await s3.keys('media')).toEqual(before);
    expect(s3.requests.some((request) => request.method === 'DELETE')).toBe(true);
    expect(s3.refused).toEqual([]);
  });

  it('keeps objects under S3_PREFIX when one is set', async () => {
    const prefixed = await startTestApp(s3Env(s3, 'prefixed', { S3_PREFIX: 'site-a/media' }));
    try {
      const response = await prefixed.asAdmin({ method: 'POST', url: '/api/upload/image', payload: form('image', [{ bytes: png, name: 'p.png', type: 'image/png' }]) });
      expect(response.statusCode).toBe(200);
      const url: string = response.json().url;
      expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
      expect(await s3.keys('prefixed')).toEqual([`site-a/media/${keyOf(url)}`]);
      const served = await prefixed.app.inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals((await s3.object('prefixed', `site-a/media/${keyOf(url)}`))!)).toBe(true);
    } finally {
      await prefixed.close();
    }
  });

  it('the sweep lists the bucket page by page and removes objects no media row accounts for, only under its prefix and after the grace period', async () => {
    const swept = await startTestApp(s3Env(s3, 'prefixed', { S3_PREFIX: 'swept' }));
    try {
      const upload = await swept.asAdmin({ method: 'POST', url: '/api/upload/image', payload: form('image', [{ bytes: png, name: 's.png', type: 'image/png' }]) });
      expect(upload.statusCode).toBe(200);
      const recorded = keyOf(upload.json().url as string);
      const store = new S3MediaStore(swept.app.ctx.config.s3!);
      const orphans = [randomUUID(), randomUUID(), randomUUID()].map((id) => `${id}.png`);
      for (const key of orphans) await store.save(key, png, 'image/png');
      const outside = new S3MediaStore({ ...swept.app.ctx.config.s3!, prefix: 'elsewhere/' });
      const foreign = `${randomUUID()}.png`;
      await outside.save(foreign, png, 'image/png');

      // Two keys a page: the listing follows continuation tokens to the end.
      const listed: string[] = [];
      for await (const file of store.list(2)) listed.push(file.key);
      expect(listed.sort()).toEqual([recorded, ...orphans].sort());

      const young = await sweepMedia(swept.app.ctx.db, store, swept.app.log);
      expect(young.orphanFiles.map((file) => file.name).sort()).toEqual([...orphans].sort());
      expect(young.orphanFiles.every((file) => !file.removed)).toBe(true);
      expect(await s3.keys('prefixed')).toEqual(expect.arrayContaining(orphans.map((key) => `swept/${key}`)));

      const old = await sweepMedia(swept.app.ctx.db, store, swept.app.log, 0);
      expect(old.orphanFiles.every((file) => file.removed)).toBe(true);
      expect(old.missingFiles).toEqual([]);
      const left = await s3.keys('prefixed');
      expect(left.filter((key) => key.startsWith('swept/'))).toEqual([`swept/${recorded}`]);
      expect(left).toContain(`elsewhere/${foreign}`);
      expect(s3.refused).toEqual([]);
    } finally {
      await swept.close();
    }
  });

  it('fails an upload with a 500 and stores nothing when the bucket refuses the credentials', async () => {
    const wrong = await startTestApp(s3Env(s3, 'prefixed', { S3_SECRET_ACCESS_KEY: 'not-the-secret', S3_PREFIX: 'wrong' }));
    try {
      const refusedBefore = s3.refused.length;
      const response = await wrong.asAdmin({ method: 'POST', url: '/api/upload/image', payload: form('image', [{ bytes: png, name: 'p.png', type: 'image/png' }]) });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ success: false, error: 'Internal server error' });
      expect(s3.refused.length).toBeGreaterThan(refusedBefore);
      expect((await s3.keys('prefixed')).filter((key) => key.startsWith('wrong/'))).toEqual([]);
      expect(await wrong.app.ctx.db.selectFrom('media').select('id').execute()).toEqual([]);
    } finally {
      await wrong.close();
      s3.refused.length = 0;
    }
  });

  it('stores the demo content of a seeded start in the bucket', async () => {
    const seeded = await startTestApp(s3Env(s3, 'seeded', { SEED_DEMO: 'true' }));
    try {
      const rows = await seeded.app.ctx.db.selectFrom('media').select(['storage_key', 'url', 'mime_type']).execute();
      expect(rows.length).toBeGreaterThan(10);
      expect(rows.some((row) => row.mime_type.startsWith('video/'))).toBe(true);
      expect(await s3.keys('seeded')).toEqual(rows.map((row) => row.storage_key).sort());
      expect(localMediaFiles(seeded)).toEqual([]);
      const image = rows.find((row) => row.mime_type === 'image/jpeg')!;
      const served = await seeded.app.inject({ url: image.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.rawPayload.equals((await s3.object('seeded', image.storage_key))!)).toBe(true);
      expect(s3.refused).toEqual([]);
    } finally {
      await seeded.close();
    }
  });
});
