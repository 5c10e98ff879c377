import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { FetchRefused, fetchImage, isPublicAddress } from '../../src/server/modules/transfer/fetch-image';
import { runImport } from '../../src/server/modules/transfer/import.service';
import { createMediaStore } from '../../src/server/modules/media/media.service';
import { SYSTEM } from '../../src/server/content/changes';
import { startTestApp } from '../helpers/test-app';

const HEADER = 'slug,title,description,duration,categories,tags,edition,price,currency,compareAtPrice,saleEndsAt,availability,buyLink,mainImage,gallery,seoTitle,seoDescription\r\n';
const row = (slug: string, main: string) => `${slug},Course ${slug},<p>About ${slug}</p>,2 hours,,,,10,EUR,,,,https://shop.example.com/${slug},${main},,,\r\n`;

/**
 * Issue 31: `import --fetch-images` fetches https URLs from public addresses
 * only, and checks every redirect again. A real HTTPS server on 127.0.0.1
 * (with its own certificate) stands for "the internet": the test permits that
 * one address, and every other non-public address stays refused.
 */
describe('the image fetcher of imports', () => {
  let folder: string;
  let server: https.Server;
  let base: string;
  let cert: Buffer;
  let picture: Buffer;
  const onlyTheTestServer = (address: string) => address === '127.0.0.1';

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'fetch-image-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', path.join(folder, 'key.pem'), '-out', path.join(folder, 'cert.pem')], { stdio: 'ignore' });
    cert = readFileSync(path.join(folder, 'cert.pem'));
    picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 99, b: 199 } } }).png().toBuffer();
    server = https.createServer({ key: readFileSync(path.join(folder, 'key.pem')), cert }, (request, response) => {
      const [route, target] = (request.url ?? '').split('?to=');
      if (route === '/picture.png') response.writeHead(200, { 'content-type': 'image/png' }).end(picture);
      else if (route === '/text') response.writeHead(200).end('not a picture');
      else if (route === '/big') response.writeHead(200).end(Buffer.alloc(5000));
      else if (route === '/redirect') response.writeHead(302, { location: decodeURIComponent(target ?? '') }).end();
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(folder, { recursive: true, force: true });
  });

  // Read when a test runs: the certificate is made in beforeAll.
  const options = () => ({ maxBytes: 4096, ca: cert, permit: onlyTheTestServer });
  const refusal = async (url: string, extra: object = {}) => {
    const error = await fetchImage(url, { ...options(), ...extra }).then(() => null, (failure: unknown) => failure);
    expect(error).toBeInstanceOf(FetchRefused);
    return (error as Error).message;
  };

  it('tells public addresses from private, loopback, link-local, shared and documentation ones', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '203.0.113.5', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not-an-ip']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('fetches an image over https from a permitted address', async () => {
    const fetched = await fetchImage(`${base}/picture.png`, options());
    expect(fetched.type.mimeType).toBe('image/png');
    expect(fetched.bytes.equals(picture)).toBe(true);
  });

  it('refuses private addresses by default, and names that resolve to them', async () => {
    expect(await refusal(`${base}/picture.png`, { permit: undefined })).toMatch(/127\.0\.0\.1 is not a public address/);
    expect(await refusal(`https://localhost:${new URL(base).port}/picture.png`, { permit: undefined })).toMatch(/is not a public address/);
    expect(await refusal('https://169.254.169.254/latest/meta-data')).toMatch(/169\.254\.169\.254 is not a public address/);
  });

  it('checks every redirect again: to a private address, to plain http', async () => {
    expect(await refusal(`${base}/redirect?to=${encodeURIComponent('https://10.0.0.7/picture.png')}`)).toMatch(/10\.0\.0\.7 is not a public address/);
    expect(await refusal(`${base}/redirect?to=${encodeURIComponent('https://[::1]/x.png')}`)).toMatch(/::1 is not a public address/);
    expect(await refusal(`${base}/redirect?to=${encodeURIComponent('http://example.com/x.png')}`)).toMatch(/only https/);
    const followed = await fetchImage(`${base}/redirect?to=${encodeURIComponent('/picture.png')}`, options());
    expect(followed.url).toBe(`${base}/picture.png`);
  });

  it('refuses plain http, a body over the size limit and bytes that are not an image', async () => {
    expect(await refusal('http://127.0.0.1/picture.png')).toMatch(/only https/);
    expect(await refusal(`${base}/big`)).toMatch(/larger than 4096 bytes/);
    expect(await refusal(`${base}/text`)).toMatch(/not an image/);
  });

  it('wired into an import (--fetch-images): a fetched image goes through the upload pipeline; a redirect to a private address is an error of its row', async () => {
    const t = await startTestApp();
    try {
      const ctx = { db: t.app.ctx.db, contentEvents: t.app.ctx.contentEvents, store: createMediaStore(t.app.ctx.config), maxImageBytes: t.app.ctx.config.maxImageBytes };
      const fetch = (url: string) => fetchImage(url, { maxBytes: ctx.maxImageBytes, ca: cert, permit: onlyTheTestServer }).then((fetched) => fetched.bytes);
      const run = (csv: string, dryRun: boolean) => runImport(ctx, SYSTEM, Readable.from([Buffer.from(csv)]), { dryRun, media: { fetch } });
      const checked = await run(HEADER + row('fetched', `${base}/picture.png`) + row('redirected', `${base}/redirect?to=${encodeURIComponent('https://10.0.0.7/p.png')}`), true);
      expect(checked.errors).toEqual([{ line: 3, column: 'mainImage', message: 'https://10.0.0.7/p.png: 10.0.0.7 is not a public address' }]);
      const applied = await run(HEADER + row('fetched', `${base}/picture.png`), false);
      expect(applied).toMatchObject({ created: 1, images: 1, errors: [] });
      const product = await t.app.ctx.db.selectFrom('products').select('main_image').where('slug', '=', 'fetched').executeTakeFirstOrThrow();
      const media = await t.app.ctx.db.selectFrom('media').select(['url', 'width', 'variants_status']).executeTakeFirstOrThrow();
      expect(media).toEqual({ url: product.main_image, width: 8, variants_status: 'pending' });
      expect(product.main_image).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    } finally {
      await t.close();
    }
  });
});
