import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct, aTag } from '../helpers/factories';
import type { ProductInput } from '../../src/shared/schemas';

type Piece = { text: string; match: boolean };
type Hit = { id: string; slug: string; title: string; marked: { title: Piece[]; info: Piece[]; excerpt: Piece[]; tags: Piece[][]; categories: Piece[][] } };
type SearchBody = { success: true; data: Hit[]; meta: { nextCursor: string | null; total: number } };

const marks = (pieces: Piece[]) => pieces.filter((piece) => piece.match).map((piece) => piece.text);

describe(`site search (${testDatabaseKind})`, () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  let watercolourTag = '';
  let paintingCategory = '';

  const search = async (q: string, extra = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}${extra}` });
    expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
    return response.json() as SearchBody;
  };
  const slugsFor = async (q: string) => (await search(q, '&limit=100')).data.map((hit) => hit.slug);
  const create = async (slug: string, extra: Partial<ProductInput>) => {
    const response = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug, ...extra }) });
    expect(response.statusCode, response.body).toBe(201);
    ids[slug] = response.json().data.id;
    return ids[slug]!;
  };

  beforeAll(async () => {
    t = await startTestApp();
    paintingCategory = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'painting', title: 'Painting' }) })).json().data.id;
    watercolourTag = (await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title: 'Watercolour' }) })).json().data.id;
    // "watercolour" in the description, in a tag and in the title, created in that order (so list order is the
    // reverse of the ranking): the title must rank first.
    await create('in-body', { title: 'Sketchbook Habits', description: '<p>Ink first, then a little watercolour wash on top.</p>' });
    await create('in-tag', { title: 'Loose Florals', tags: [watercolourTag] });
    await create('in-title', { title: 'Watercolour Landscapes', description: '<p>Wet on wet.</p>' });
    await create('in-info', { title: 'Perspective Basics', duration: '3 hours - Oil and Acrylic' });
    await create('in-category', { title: 'Colour Mixing', categories: [paintingCategory] });
    await create('cafe', { title: 'Café Sketching', description: '<p>Drawing people in <strong>cafés</strong> &amp; bars.</p>' });
    await create('draft', { title: 'Watercolour Secrets', status: 'draft' });
    await create('later', { title: 'Watercolour Future', status: 'scheduled', publishAt: new Date(Date.now() + 86_400_000).toISOString() });
  });
  afterAll(async () => t.close());

  it('ranks a match in the title above one in tags, and a tag above the description', async () => {
    const body = await search('watercolour');
    expect(body.data.map((hit) => hit.slug)).toEqual(['in-title', 'in-tag', 'in-body']);
    expect(body.meta).toEqual({ nextCursor: null, total: 3 });
  });

  it('finds words in title, info, tags, categories and description, by the start of a word, ignoring case and accents', async () => {
    expect(await slugsFor('LANDSCAPES')).toEqual(['in-title']);
    expect(await slugsFor('acryl')).toEqual(['in-info']);
    expect(await slugsFor('painting')).toEqual(['in-category']);
    expect(await slugsFor('wash')).toEqual(['in-body']);
    expect(await slugsFor('cafe')).toEqual(['cafe']);
    expect(await slugsFor('CAFÉS bars')).toEqual(['cafe']);
    // Every word must match: two words from different products find neither.
    expect(await slugsFor('landscapes florals')).toEqual([]);
    // Markup is not text: no product is found by the name of an HTML tag.
    expect(await slugsFor('strong')).toEqual([]);
  });

  it('highlights the matched words in what the result shows', async () => {
    const [hit] = (await search('water wash')).data;
    expect(hit?.slug).toBe('in-body');
    expect(marks(hit!.marked.excerpt)).toEqual(['watercolour', 'wash']);
    expect(hit!.marked.excerpt.map((piece) => piece.text).join('')).toBe('Ink first, then a little watercolour wash on top.');
    const [tagged] = (await search('watercolour florals')).data;
    expect(marks(tagged!.marked.title)).toEqual(['Florals']);
    expect(tagged!.marked.tags.map(marks)).toEqual([['Watercolour']]);
    const [cafe] = (await search('cafe')).data;
    expect(marks(cafe!.marked.title)).toEqual(['Café']);
    expect(cafe!.marked.excerpt.map((piece) => piece.text).join('')).toBe('Drawing people in cafés & bars.');
  });

  it('never shows drafts or products scheduled for later', async () => {
    expect(await slugsFor('secrets')).toEqual([]);
    expect(await slugsFor('future')).toEqual([]);
    // Not to the admin either: results are public pages.
    const asAdmin = await t.asAdmin({ method: 'GET', url: '/api/search?q=secrets' });
    expect(asAdmin.json().data).toEqual([]);
  });

  it('finds a scheduled product once its time has passed, with no write in between', async () => {
    await create('soon', { title: 'Imminent Etching', status: 'scheduled', publishAt: new Date(Date.now() + 1500).toISOString() });
    expect((await search('etching')).meta.total).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    const body = await search('etching');
    expect(body.data.map((hit) => hit.slug)).toEqual(['soon']);
    expect(body.meta.total).toBe(1);
  });

  it('does not find a live product by the title of a category scheduled for later, until it goes live (issue 23)', async () => {
    const later = await t.asAdmin({
      method: 'POST',
      url: '/api/categories',
      payload: aCategory({ slug: 'surprise-line', title: 'Moonlit Surprise', status: 'scheduled', publishAt: new Date(Date.now() + 1500).toISOString() }),
    });
    expect(later.statusCode, later.body).toBe(201);
    await create('in-later', { title: 'Night Scumbling', categories: [later.json().data.id, paintingCategory] });
    // The category's words find nothing, alone or beside the product's own words.
    for (const q of ['moonlit', 'surprise', 'moon', 'scumbling moonlit']) expect(await slugsFor(q), q).toEqual([]);
    expect((await search('moonlit')).meta.total).toBe(0);
    // The product itself is live: found by its own words and its live category, naming only that one.
    const [hit] = (await search('scumbling')).data;
    expect(hit?.slug).toBe('in-later');
    expect(hit!.marked.categories.map((pieces) => pieces.map((piece) => piece.text).join(''))).toEqual(['Painting']);
    expect(await slugsFor('scumbling painting')).toEqual(['in-later']);
    // The same rule as every public list: the category's page and list say nothing of it either.
    expect((await t.app.inject({ method: 'GET', url: '/api/categories' })).json().data.map((c: { title: string }) => c.title)).not.toContain('Moonlit Surprise');
    // Its time passes: found by the category's title with no write in between.
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(await slugsFor('moonlit')).toEqual(['in-later']);
    expect((await search('scumbling moonlit')).meta.total).toBe(1);
  });

  it('takes special characters as text: quotes, operators, wildcards and unicode never fail', async () => {
    const nasty = ['"', "'", '*', '-', '"water', 'water*', '-water', 'water -colour', 'NOT water', 'water OR x', 'AND', 'NEAR(water sketch)', '(', ')', '^water', 'title:water', '%', '_', '%_%', '\\', '\u0000', "'; drop table products; --", ':*', '!', '&', '|', '<script>', '😀', '水彩', 'straße', '\u202e'];
    for (const q of nasty) {
      const response = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
      expect(response.statusCode, `${JSON.stringify(q)}: ${response.body}`).toBe(200);
    }
    // Symbols around a word do not hide it, and alone they find nothing.
    expect(await slugsFor('"watercolour*"')).toEqual(['in-title', 'in-tag', 'in-body']);
    expect(await slugsFor('-watercolour')).toEqual(['in-title', 'in-tag', 'in-body']);
    expect(await slugsFor('%')).toEqual([]);
    expect((await search('%_%')).meta.total).toBe(0);
  });

  it('answers bad input with 400 and a precise message', async () => {
    const cases: [string, string][] = [
      ['/api/search', 'q'],
      ['/api/search?q=', 'q'],
      ['/api/search?q=%20%20', 'q'],
      [`/api/search?q=${'a'.repeat(201)}`, 'q'],
      ['/api/search?q=a&limit=0', 'limit'],
      ['/api/search?q=a&limit=101', 'limit'],
      ['/api/search?q=a&cursor=nope', 'cursor'],
    ];
    for (const [url, field] of cases) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().success).toBe(false);
      expect(response.json().error, url).toMatch(new RegExp(`^${field}\\b`));
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/search?q=${'a'.repeat(201)}` })).json().error).toBe('q: is too long (at most 200 characters)');
  });

  it('follows edits of products: a new title is found, the old one no longer', async () => {
    const id = ids['in-info']!;
    const current = (await t.asAdmin({ method: 'GET', url: `/api/products/${id}` })).json().data;
    const response = await t.asAdmin({ method: 'PUT', url: `/api/products/${id}`, payload: { ...aProduct({ slug: 'in-info' }), title: 'Vanishing Points', duration: current.duration } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await slugsFor('perspective')).toEqual([]);
    expect(await slugsFor('vanishing')).toEqual(['in-info']);
    // Made a draft: gone from the results; published again: back.
    await t.asAdmin({ method: 'PUT', url: `/api/products/${id}`, payload: { ...aProduct({ slug: 'in-info' }), title: 'Vanishing Points', status: 'draft' } });
    expect(await slugsFor('vanishing')).toEqual([]);
    await t.asAdmin({ method: 'PUT', url: `/api/products/${id}`, payload: { ...aProduct({ slug: 'in-info' }), title: 'Vanishing Points', status: 'published' } });
    expect(await slugsFor('vanishing')).toEqual(['in-info']);
  });

  it('follows tags: renamed, the new title finds the product; deleted, the product is no longer found by it', async () => {
    const tag = (await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title: 'Gouache' }) })).json().data;
    await create('tagged', { title: 'Opaque Layers', tags: [tag.id] });
    expect(await slugsFor('gouache')).toEqual(['tagged']);
    expect((await t.asAdmin({ method: 'PUT', url: `/api/tags/${tag.id}`, payload: { title: 'Tempera' } })).statusCode).toBe(200);
    expect(await slugsFor('gouache')).toEqual([]);
    expect(await slugsFor('tempera')).toEqual(['tagged']);
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/tags/${tag.id}` })).statusCode).toBe(200);
    expect(await slugsFor('tempera')).toEqual([]);
    expect(await slugsFor('opaque')).toEqual(['tagged']);
  });

  it('follows categories: renamed, made a draft (its title then hidden) and deleted', async () => {
    const category = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'prints', title: 'Printmaking' }) })).json().data;
    await create('listed', { title: 'Linocut Basics', categories: [category.id] });
    expect(await slugsFor('printmaking')).toEqual(['listed']);
    const renamed = await t.asAdmin({ method: 'PUT', url: `/api/categories/${category.id}`, payload: aCategory({ slug: 'prints', title: 'Relief Printing' }) });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await slugsFor('printmaking')).toEqual([]);
    expect(await slugsFor('relief')).toEqual(['listed']);
    await t.asAdmin({ method: 'PUT', url: `/api/categories/${category.id}`, payload: aCategory({ slug: 'prints', title: 'Relief Printing', status: 'draft' }) });
    expect(await slugsFor('relief')).toEqual([]);
    await t.asAdmin({ method: 'PUT', url: `/api/categories/${category.id}`, payload: aCategory({ slug: 'prints', title: 'Relief Printing', status: 'published' }) });
    expect(await slugsFor('relief')).toEqual(['listed']);
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/categories/${category.id}` })).statusCode).toBe(200);
    expect(await slugsFor('relief')).toEqual([]);
    expect(await slugsFor('linocut')).toEqual(['listed']);
  });

  it('follows deletes of products', async () => {
    await create('short-lived', { title: 'Ephemeral Gilding' });
    expect(await slugsFor('gilding')).toEqual(['short-lived']);
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/products/${ids['short-lived']}` })).statusCode).toBe(200);
    expect(await slugsFor('gilding')).toEqual([]);
  });

  it('pages like every list: walking the cursors gives each match exactly once, best first', async () => {
    for (let i = 0; i < 23; i++) await create(`batch-${i}`, { title: `Batch ${i} ${i % 3 === 0 ? 'Batch' : 'Course'}`, order: i % 4 });
    const whole = (await search('batch', '&limit=100')).data.map((hit) => hit.id);
    expect(whole).toHaveLength(23);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const body: SearchBody = await search('batch', `&limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(body.meta.total).toBe(23);
      expect(body.data.length).toBeLessThanOrEqual(5);
      seen.push(...body.data.map((hit) => hit.id));
      cursor = body.meta.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(pages).toBe(5);
    expect(seen).toEqual(whole);
    // Without limit: the first page of the default size.
    expect((await search('batch')).data).toHaveLength(20);
  });

  it('rebuilds an index found incomplete at start-up', async () => {
    await sql`delete from search_index`.execute(t.app.ctx.db);
    expect(await slugsFor('landscapes')).toEqual([]);
    await t.restart();
    expect(await slugsFor('landscapes')).toEqual(['in-title']);
  });
});
