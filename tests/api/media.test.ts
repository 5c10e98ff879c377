import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A request with the path sent exactly as written (fetch and inject would normalise `..`). */
function rawGet(port: number, rawPath: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: rawPath, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe(`serving /uploads (${testDatabaseKind})`, () => {
  let t: TestApp;
  let port: number;
  let imageUrl: string;
  let video: Buffer;
  let videoUrl: string;

  beforeAll(async () => {
    t = await startTestApp({ MAX_VIDEO_MB: '1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    // Something secret beside the media folder, on both databases (SQLite keeps showcase.db there too).
    fs.writeFileSync(path.join(t.env.dataDir, 'secret.txt'), 'do not serve');
    fs.writeFileSync(path.join(t.app.ctx.config.mediaDir, '.hidden'), 'do not serve');

    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#123456' } }).png().toBuffer();
    const image = new FormData();
    image.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    imageUrl = (await t.asAdmin({ method: 'POST', url: '/api/upload/image', payload: image })).json().url;

    video = fs.readFileSync(path.resolve('src/server/seed/assets/hero-loop.webm'));
    const clip = new FormData();
    clip.append('file', new Blob([new Uint8Array(video)], { type: 'video/webm' }), 'clip.webm');
    videoUrl = (await t.asAdmin({ method: 'POST', url: '/api/homepage/upload', payload: clip })).json().data.url;
  });
  afterAll(async () => t.close());

  it('serves a stored file with its type, nosniff and a year-long immutable cache', async () => {
    const response = await rawGet(port, imageUrl);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, s-maxage=31536000, stale-while-revalidate=86400, stale-if-error=31536000, immutable');
    expect(response.headers['accept-ranges']).toBe('bytes');
  });

  it('answers a Range request with 206 and exactly that slice', async () => {
    const response = await rawGet(port, videoUrl, { range: 'bytes=10-209' });
    expect(response.status).toBe(206);
    expect(response.headers['content-type']).toBe('video/webm');
    expect(response.headers['content-range']).toBe(`bytes 10-209/${video.length}`);
    expect(response.body.equals(video.subarray(10, 210))).toBe(true);

    const tail = await rawGet(port, videoUrl, { range: 'bytes=-100' });
    expect(tail.status).toBe(206);
    expect(tail.body.equals(video.subarray(video.length - 100))).toBe(true);

    const outside = await rawGet(port, videoUrl, { range: `bytes=${video.length + 10}-` });
    expect(outside.status).toBe(416);
  });

  it('answers an unknown file, the folder itself and dot-files with the 404 envelope', async () => {
    for (const url of ['/uploads/0b5c1b7e-0000-4000-8000-000000000000.png', '/uploads/', '/uploads', '/uploads/.hidden']) {
      const response = await rawGet(port, url);
      expect(response.status, url).toBe(404);
      expect(JSON.parse(response.body.toString()).success, url).toBe(false);
    }
  });

  it('never serves anything outside the media folder', async () => {
    const attempts = [
      '/uploads/../showcase.db',
      '/uploads/%2e%2e/showcase.db',
      '/uploads/..%2fshowcase.db',
      '/uploads/%2e%2e%2fshowcase.db',
      '/uploads/..%5cshowcase.db',
      '/uploads/../secret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/..%2fsecret.txt',
      '/uploads/%252e%252e%252fsecret.txt',
      '/uploads//etc/passwd',
      '/uploads/%2fetc%2fpasswd',
    ];
    for (const url of attempts) {
      const response = await rawGet(port, url);
      expect(response.status, url).toBe(404);
      expect(response.body.includes('SQLite format'), url).toBe(false);
      expect(response.body.includes('do not serve'), url).toBe(false);
      expect(response.body.includes('root:'), url).toBe(false);
    }
  });

  it('refuses an oversized video sent over a real connection and leaves no partial file', async () => {
    const before = fs.readdirSync(t.app.ctx.config.mediaDir).sort();
    // A WebM header followed by 3 MB of noise: the limit is 1 MB.
    const big = Buffer.concat([video.subarray(0, 64), randomBytes(3 * 1024 * 1024)]);
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(big)], { type: 'video/webm' }), 'big.webm');
    const response = await fetch(`http://127.0.0.1:${port}/api/homepage/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await t.token()}` },
      body,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ success: false, error: 'File is too large: videos may be at most 1 MB' });
    expect(fs.readdirSync(t.app.ctx.config.mediaDir).sort()).toEqual(before);
  });

  it('streams a large video to disk over a real connection', async () => {
    const large = Buffer.concat([video.subarray(0, 64), randomBytes(900 * 1024)]);
    const body = new FormData();
    body.append('files', new Blob([new Uint8Array(large)], { type: 'video/webm' }), 'large.webm');
    const response = await fetch(`http://127.0.0.1:${port}/api/homepage/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await t.token()}` },
      body,
    });
    expect(response.status).toBe(200);
    const [url] = ((await response.json()) as { data: { urls: string[] } }).data.urls;
    const stored = fs.readFileSync(path.join(t.app.ctx.config.mediaDir, path.basename(url!)));
    expect(stored.equals(large)).toBe(true);
  });
});

describe(`leftovers of interrupted uploads (${testDatabaseKind})`, () => {
  it('removes old partial files at start-up and keeps recent ones', async () => {
    const t = await startTestApp();
    try {
      const dir = t.app.ctx.config.mediaDir;
      const old = path.join(dir, '.partial-old');
      const recent = path.join(dir, '.partial-recent');
      fs.writeFileSync(old, 'x');
      fs.writeFileSync(recent, 'x');
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
      fs.utimesSync(old, twoDaysAgo, twoDaysAgo);
      await t.restart();
      expect(fs.existsSync(old)).toBe(false);
      expect(fs.existsSync(recent)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
