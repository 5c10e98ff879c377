import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { textProblem } from '../../src/shared/schemas/common';
import { aTag } from '../helpers/factories';

/** Input that browsers or people would read differently from what it is. */
describe('input hygiene', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const saveHero = (link: string) =>
    t.asAdmin({ method: 'PUT', url: '/api/homepage', payload: { button1: { isActive: true, text: 'Go', link } } });

  it('refuses backslashes in links: `/\\evil.example` is an off-site link in a browser', async () => {
    for (const link of ['/\\evil.example', '/\\\\evil.example', '\\\\evil.example', 'https://shop.example.com\\@evil.example', '/path\\to']) {
      const response = await saveHero(link);
      expect(response.statusCode, link).toBe(400);
      expect(response.json().error).toBe('button1.link: must be an http(s) URL or a path starting with /');
    }
    for (const link of ['/category/design', 'https://shop.example.com/buy?x=1', '#newsletter', '']) {
      expect((await saveHero(link)).statusCode, link).toBe(200);
    }
  });

  it('refuses control characters, unpaired surrogates and direction overrides in text, naming the field', async () => {
    const cases: Array<[string, RegExp]> = [
      ['Bad\u0000title', /^title: must not contain control characters$/],
      ['Bell\u0007', /^title: must not contain control characters$/],
      ['Half \ud83d surrogate', /^title: contains a broken character/],
      ['invoice\u202Egpj.exe', /^title: must not contain invisible text-direction characters$/],
      ['isolate\u2066x\u2069', /^title: must not contain invisible text-direction characters$/],
    ];
    for (const [title, message] of cases) {
      const response = await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title }) });
      expect(response.statusCode, JSON.stringify(title)).toBe(400);
      expect(response.json().error).toMatch(message);
    }
    expect((await t.asAdmin({ method: 'GET', url: '/api/tags' })).json().data).toEqual([]);
    // Real text in any script, emoji and line breaks in descriptions stay welcome.
    for (const title of ['Typographie für Anfänger', 'تصميم', 'Design 🎨']) {
      expect((await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title }) })).statusCode, title).toBe(201);
    }
    expect(textProblem('line one\nline two\ttabbed')).toBeNull();
  });

  it('refuses a pixel bomb with a message that says so, and keeps serving', async () => {
    // 16,000 × 16,000 of one colour: 256 megapixels in well under a megabyte.
    const bomb = await sharp({ create: { width: 16_000, height: 16_000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bomb)], { type: 'image/png' }), 'bomb.png');
    const response = await t.asAdmin({ method: 'POST', url: '/api/upload/image', payload: form });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      success: false,
      error: 'Image is too large: 16000×16000 is 256 megapixels; at most 50 megapixels are accepted',
    });
    expect(await t.app.ctx.db.selectFrom('media').selectAll().execute()).toEqual([]);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
