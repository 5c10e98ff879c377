import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';

/** Decision 059: the same file uploaded twice is one library item, also when both arrive at once. */

const ASSETS = path.resolve('src/server/seed/assets');

// Each test draws its own colour: bytes no other test uploaded.
let shade = 0;
const freshPng = () => {
  shade += 1;
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade * 7, g: 120, b: 255 - shade * 5 } } })
    .png()
    .toBuffer();
};

type Upload = { bytes: Buffer; name: string; type: string };
function form(field: string, files: Upload[]): FormData {
  const data = new FormData();
  for (const file of files) data.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return data;
}

describe(`one library item per file (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const uploadImage = (file: Upload) => t.asAdmin({ method: 'POST', url: '/api/upload/image', payload: form('image', [file]) });
  const uploadShared = (field: string, files: Upload[]) => t.asAdmin({ method: 'POST', url: '/api/homepage/upload', payload: form(field, files) });
  const rowsWithUrl = (url: string) => t.app.ctx.db.selectFrom('media').selectAll().where('url', '=', url).execute();
  const mediaCount = async () => Number((await t.app.ctx.db.selectFrom('media').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  // Stored originals only (variants carry a suffix in their names).
  const storedOriginals = () => fs.readdirSync(t.app.ctx.config.mediaDir).filter((name) => /^[0-9a-f-]{36}\.(png|webm)$/.test(name));

  it('a second upload of the same image answers the first item, in the spec’s answer shape, and stores nothing', async () => {
    const bytes = await freshPng();
    const first = await uploadImage({ bytes, name: 'first.png', type: 'image/png' });
    expect(first.statusCode).toBe(200);
    const filesBefore = storedOriginals().length;
    const countBefore = await mediaCount();

    const second = await uploadImage({ bytes, name: 'renamed copy.png', type: 'image/png' });
    expect(second.statusCode).toBe(200);
    const body = second.json();
    const item = { url: first.json().url, id: first.json().id, width: 40, height: 30 };
    expect(body).toEqual({ success: true, data: item, ...item, message: 'Image uploaded successfully' });
    expect(await mediaCount()).toBe(countBefore);
    expect(storedOriginals()).toHaveLength(filesBefore);
    // The item keeps its first name; the hash of its stored bytes is on the row.
    const [row] = await rowsWithUrl(item.url);
    expect(row).toMatchObject({ original_name: 'first.png', content_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('the shared upload answers the existing url for `file`, and one item for the same file twice in `files`', async () => {
    const bytes = await freshPng();
    const single = await uploadShared('file', [{ bytes, name: 'a.png', type: 'image/png' }]);
    expect(single.statusCode).toBe(200);
    const url: string = single.json().data.url;
    expect((await uploadShared('file', [{ bytes, name: 'b.png', type: 'image/png' }])).json().data.url).toBe(url);

    const other = await freshPng();
    const several = await uploadShared('files', [
      { bytes: other, name: 'c.png', type: 'image/png' },
      { bytes, name: 'd.png', type: 'image/png' },
      { bytes: other, name: 'e.png', type: 'image/png' },
    ]);
    expect(several.statusCode).toBe(200);
    const urls: string[] = several.json().data.urls;
    expect(urls[1]).toBe(url);
    expect(urls[0]).not.toBe(url);
    expect(urls[2]).toBe(urls[0]);
    expect(await rowsWithUrl(urls[0]!)).toHaveLength(1);
  });

  it('parallel uploads of one file become one item, and every answer names it', async () => {
    const bytes = await freshPng();
    const filesBefore = storedOriginals().length;
    const countBefore = await mediaCount();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => uploadImage({ bytes, name: `race-${i}.png`, type: 'image/png' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    const ids = new Set(answers.map((answer) => answer.json().id));
    expect(ids.size).toBe(1);
    expect(await mediaCount()).toBe(countBefore + 1);
    // The uploads that lost the race took their own copy back.
    expect(storedOriginals()).toHaveLength(filesBefore + 1);
  });

  it('a video uploaded twice is one item', async () => {
    const bytes = fs.readFileSync(path.join(ASSETS, 'hero-loop.webm'));
    const first = await uploadShared('file', [{ bytes, name: 'loop.webm', type: 'video/webm' }]);
    expect(first.statusCode).toBe(200);
    const again = await Promise.all([1, 2].map(() => uploadShared('file', [{ bytes, name: 'loop again.webm', type: 'video/webm' }])));
    for (const answer of again) expect(answer.json().data.url).toBe(first.json().data.url);
    expect(await rowsWithUrl(first.json().data.url)).toHaveLength(1);
  });

  it('an item stored before hashes were kept is found by its bytes, and gets its hash then', async () => {
    const bytes = await freshPng();
    const first = (await uploadImage({ bytes, name: 'old.png', type: 'image/png' })).json();
    // As a row from before this change reads.
    await t.app.ctx.db.updateTable('media').set({ content_hash: null }).where('id', '=', first.id).execute();

    const again = await uploadImage({ bytes, name: 'old again.png', type: 'image/png' });
    expect(again.json().id).toBe(first.id);
    expect((await rowsWithUrl(first.url))[0]?.content_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('once the item is deleted, the same file makes a new one', async () => {
    const bytes = await freshPng();
    const first = (await uploadImage({ bytes, name: 'gone.png', type: 'image/png' })).json();
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/media/${first.id}` })).statusCode).toBe(200);
    const again = (await uploadImage({ bytes, name: 'back.png', type: 'image/png' })).json();
    expect(again.id).not.toBe(first.id);
    expect((await t.app.inject({ url: again.url })).statusCode).toBe(200);
  });
});
