import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { makeZip } from '../helpers/zip';

/**
 * Decision 079: a client that asks for `application/x-ndjson` gets the import's progress as it goes, over the
 * same request, then the envelope it would have answered without asking; anyone else gets issue 31's answer.
 */
const HEADER = 'slug,title,description,duration,categories,tags,edition,price,currency,compareAtPrice,saleEndsAt,availability,buyLink,mainImage,gallery,seoTitle,seoDescription';
const PRODUCTS = 200;
const IMAGES = 12;

const png = (n: number) => sharp({ create: { width: 24, height: 16, channels: 3, background: { r: n * 20, g: 90, b: 200 - n * 10 } } }).png().toBuffer();

/** Products `progress-0…`, the first IMAGES of them with a picture of their own from the zip; `price` spoils a line when asked. */
function catalogue(bad: Record<number, string> = {}): string {
  const rows = Array.from({ length: PRODUCTS }, (_, i) => {
    const image = i < IMAGES ? `picture-${i}.png` : `https://cdn.example.com/progress-${i}.jpg`;
    return `progress-${i},Progress course ${i},<p>Course ${i}</p>,1 hour,Progress,,,${bad[i] ?? '10'},EUR,,,,https://shop.example.com/progress-${i},${image},,,`;
  });
  return `${[HEADER, ...rows].join('\r\n')}\r\n`;
}

type Line = { progress?: { step: string; products: { done: number; total: number }; images: { done: number; total: number } }; success?: boolean; data?: unknown; error?: string };

// Each import writes 200 products through the write path: on PostgreSQL under load that takes tens of seconds.
describe(`an import's progress, streamed over the same request (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  let t: TestApp;
  let base: string;
  let zip: Buffer;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    zip = makeZip(await Promise.all(Array.from({ length: IMAGES }, async (_, i) => ({ name: `picture-${i}.png`, data: await png(i) }))));
  });
  afterAll(async () => t.close());

  const form = (file: string, fields: Record<string, string> = {}) => {
    const body = new FormData();
    body.append('file', new Blob([file], { type: 'text/csv' }), 'products.csv');
    body.append('media', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'pictures.zip');
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    return body;
  };

  /** Over real HTTP, each line with the number of the chunk it completed in (lines held back arrive in the last one). */
  async function streamed(query: string, body: FormData, accept = 'application/x-ndjson') {
    const response = await fetch(`${base}/api/import${query}`, { method: 'POST', body, headers: { accept, authorization: `Bearer ${await t.token()}` } });
    const lines: Array<{ line: Line; chunk: number }> = [];
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (let chunk = 0; ; chunk += 1) {
      const next = await reader.read();
      if (next.done) break;
      text += decoder.decode(next.value, { stream: true });
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n')) {
        lines.push({ line: JSON.parse(text.slice(0, end)) as Line, chunk });
        text = text.slice(end + 1);
      }
    }
    return { status: response.status, type: response.headers.get('content-type') ?? '', lines, rest: text };
  }

  /** The same request as a client that does not ask for progress (issue 31's contract). */
  const plain = async (query: string, file: string, fields: Record<string, string> = {}) => {
    const response = await t.asAdmin({ method: 'POST', url: `/api/import${query}`, payload: form(file, fields) });
    return { status: response.statusCode, type: String(response.headers['content-type']), body: response.json() };
  };

  it('a dry run: progress lines arrive before the report, which is the one a plain request gets', async () => {
    const file = catalogue();
    const expected = await plain('', file);
    expect(expected.status).toBe(200);
    expect(expected.type).toMatch(/^application\/json/);
    expect(expected.body).toEqual({ success: true, data: { dialect: 'showcase', created: PRODUCTS, updated: 0, unchanged: 0, errors: [] } });

    const answer = await streamed('', form(file));
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^application\/x-ndjson/);
    expect(answer.rest).toBe('');
    const last = answer.lines.at(-1)!;
    expect(last.line).toEqual(expected.body);
    const progress = answer.lines.slice(0, -1).map(({ line }) => line.progress!);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress[0]!.step).toBe('read');
    // Sent as the work goes: the first line came in an earlier chunk than the report.
    expect(answer.lines[0]!.chunk).toBeLessThan(last.chunk);
    const checks = progress.filter((line) => line.step === 'check');
    expect(checks.every((line) => line.products.total === PRODUCTS && line.images.total === IMAGES)).toBe(true);
    expect(checks.map((line) => line.products.done)).toEqual([...checks.map((line) => line.products.done)].sort((a, b) => a - b));
    expect(checks.at(-1)).toMatchObject({ products: { done: PRODUCTS }, images: { done: IMAGES } });
    expect(checks.some((line) => line.products.done > 0 && line.products.done < PRODUCTS)).toBe(true);
    expect(progress.some((line) => line.step === 'save')).toBe(false);
  });

  it('applied: the products written are counted too, and the report is a plain request’s; the same file again is unchanged either way', async () => {
    const file = catalogue();
    const dry = await plain('', file);
    const answer = await streamed('?dryRun=false', form(file));
    expect(answer.lines.at(-1)!.line).toEqual(dry.body);
    const saves = answer.lines.map(({ line }) => line.progress).filter((line) => line?.step === 'save');
    expect(saves[0]).toMatchObject({ products: { done: 0, total: PRODUCTS } });
    expect(saves.at(-1)).toMatchObject({ products: { done: PRODUCTS, total: PRODUCTS } });
    expect(answer.lines[0]!.chunk).toBeLessThan(answer.lines.at(-1)!.chunk);
    const count = await t.app.ctx.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(PRODUCTS);

    const again = await plain('?dryRun=false', file);
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: PRODUCTS });
    expect((await streamed('?dryRun=false', form(file))).lines.at(-1)!.line).toEqual(again.body);
  });

  it('errors: every one in the last line, as the 422 a plain request gets, and nothing changed', async () => {
    const file = catalogue({ 7: 'seven', 150: 'lots' }).replaceAll('progress-', 'broken-');
    const expected = await plain('?dryRun=false', file);
    expect(expected.status).toBe(422);
    expect(expected.body).toMatchObject({ success: false, error: 'The file has 2 error(s): nothing was changed' });
    expect(expected.body.data.errors).toEqual([
      { line: 9, column: 'price', message: 'not a number' },
      { line: 152, column: 'price', message: 'not a number' },
    ]);
    const answer = await streamed('?dryRun=false', form(file));
    // The status line went out with the first progress line: the envelope says what went wrong.
    expect(answer.status).toBe(200);
    expect(answer.lines.length).toBeGreaterThan(1);
    expect(answer.lines.at(-1)!.line).toEqual(expected.body);
    const broken = await t.app.ctx.db.selectFrom('products').select('id').where('slug', 'like', 'broken-%').execute();
    expect(broken).toEqual([]);
  });

  it('a refusal before any work keeps its status and JSON; a client that asks for JSON gets JSON', async () => {
    const refused = await streamed('?format=showcase', form(catalogue(), { mapping: '{"Nom": "title"}' }));
    expect(refused.status).toBe(400);
    expect(refused.type).toMatch(/^application\/json/);
    expect(refused.lines).toEqual([]);
    expect(JSON.parse(refused.rest)).toMatchObject({ success: false, error: expect.stringContaining('mapping: the file has no column “Nom”') });

    const json = await streamed('', form(catalogue()), 'application/json');
    expect(json.type).toMatch(/^application\/json/);
    expect(JSON.parse(json.rest)).toMatchObject({ success: true, data: { unchanged: PRODUCTS } });
  });
});
