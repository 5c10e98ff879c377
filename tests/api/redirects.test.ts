import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, visitAfterWrite, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';

type Redirect = { id: string; from: string; to: string; status: number; kind: string; target: { type: string; id: string } | null };

/** Links that never break (issue 13): renames redirect, chains collapse, reuse wins, deletes drop, manual redirects. */
describe('redirects', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://shop.example.com' }, { web: true });
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const createProduct = async (slug: string) => {
    const response = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug }) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string };
  };
  const renameProduct = async (id: string, slug: string) => {
    const response = await t.asAdmin({ method: 'PUT', url: `/api/products/${id}`, payload: aProduct({ slug }) });
    expect(response.statusCode, response.body).toBe(200);
  };
  const list = async (q = '') => (await t.asAdmin({ method: 'GET', url: `/api/redirects${q ? `?q=${encodeURIComponent(q)}` : ''}` })).json().data as Redirect[];
  // Each answer is read once the renders the last write started are kept (visitAfterWrite).
  const expectStatus = async (url: string, status: number) => expect((await visitAfterWrite(t.app, url)).statusCode, url).toBe(status);
  const expectRedirect = async (url: string, location: string, status = 301) => {
    const response = await visitAfterWrite(t.app, url);
    expect(response.headers.location, url).toBe(location);
    expect(response.statusCode, `${url}: ${response.body.slice(0, 100)}`).toBe(status);
  };

  it('a product slug change makes the old URL answer 301 to the new one, with the query string', async () => {
    const product = await createProduct('old-name');
    await expectStatus('/product/old-name', 200);
    await renameProduct(product.id, 'new-name');
    await expectRedirect('/product/old-name', '/product/new-name');
    await expectRedirect('/product/old-name?utm_source=mail&x=1', '/product/new-name?utm_source=mail&x=1');
    await expectStatus('/product/new-name', 200);
    const [redirect] = await list('old-name');
    expect(redirect).toMatchObject({ from: '/product/old-name', to: '/product/new-name', status: 301, kind: 'automatic', target: { type: 'product', id: product.id } });
  });

  it('chains collapse: after A→B→C, A goes straight to C; renaming back to A drops A’s redirect', async () => {
    const product = await createProduct('chain-a');
    await renameProduct(product.id, 'chain-b');
    await renameProduct(product.id, 'chain-c');
    await expectRedirect('/product/chain-a', '/product/chain-c');
    await expectRedirect('/product/chain-b', '/product/chain-c');
    await renameProduct(product.id, 'chain-a');
    await expectStatus('/product/chain-a', 200);
    await expectRedirect('/product/chain-c', '/product/chain-a');
    const froms = (await list('chain-')).map((redirect) => `${redirect.from}→${redirect.to}`).sort();
    expect(froms).toEqual(['/product/chain-b→/product/chain-a', '/product/chain-c→/product/chain-a']);
  });

  it('a new item that takes an old slug wins over the redirect', async () => {
    const product = await createProduct('reused');
    await renameProduct(product.id, 'renamed');
    await expectRedirect('/product/reused', '/product/renamed');
    await createProduct('reused');
    await expectStatus('/product/reused', 200);
    expect(await list('/product/reused')).toEqual([]);
  });

  it('deleting an item leaves its URL a 404 and drops the redirects that pointed to it', async () => {
    const product = await createProduct('doomed-1');
    await renameProduct(product.id, 'doomed-2');
    const manual = await t.asAdmin({ method: 'POST', url: '/api/redirects', payload: { from: '/doomed-promo', to: '/product/doomed-2' } });
    expect(manual.statusCode, manual.body).toBe(201);
    await expectRedirect('/doomed-promo', '/product/doomed-2');
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/products/${product.id}` })).statusCode).toBe(200);
    await expectStatus('/product/doomed-2', 404);
    await expectStatus('/product/doomed-1', 404);
    await expectStatus('/doomed-promo', 404);
    expect(await list('doomed')).toEqual([]);
  });

  it('category renames redirect the same way, query kept (the paged category page)', async () => {
    const response = await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'paint' }) });
    const category = response.json().data as { id: string };
    const renamed = await t.asAdmin({ method: 'PUT', url: `/api/categories/${category.id}`, payload: aCategory({ slug: 'painting' }) });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expectRedirect('/category/paint?page=2', '/category/painting?page=2');
    await expectStatus('/category/painting', 200);
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/categories/${category.id}` })).statusCode).toBe(200);
    await expectStatus('/category/paint', 404);
  });

  it('manual redirects: add, edit, remove; 302 and absolute URLs; the cache follows every change', async () => {
    const created = await t.asAdmin({ method: 'POST', url: '/api/redirects', payload: { from: '/spring-sale', to: 'https://shop.example.org/sale?ref=site', status: 302 } });
    expect(created.statusCode, created.body).toBe(201);
    const redirect = created.json().data as Redirect;
    expect(redirect).toMatchObject({ from: '/spring-sale', to: 'https://shop.example.org/sale?ref=site', status: 302, kind: 'manual', target: null });
    await expectRedirect('/spring-sale?x=1', 'https://shop.example.org/sale?ref=site&x=1', 302);
    const lookups = t.app.redirectCache.stats.renders;
    await expectRedirect('/spring-sale', 'https://shop.example.org/sale?ref=site', 302);
    // Served from the cache: no new look-up until something changes.
    expect(t.app.redirectCache.stats.renders).toBe(lookups);

    const edited = await t.asAdmin({ method: 'PUT', url: `/api/redirects/${redirect.id}`, payload: { from: '/spring-sale', to: '/about', status: 301 } });
    expect(edited.statusCode, edited.body).toBe(200);
    await expectRedirect('/spring-sale', '/about');
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/redirects/${redirect.id}` })).statusCode).toBe(200);
    await expectStatus('/spring-sale', 404);
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/redirects/${redirect.id}` })).statusCode).toBe(404);
  });

  it('a page that lives at an address wins over a manual redirect from it', async () => {
    await createProduct('alive');
    const response = await t.asAdmin({ method: 'POST', url: '/api/redirects', payload: { from: '/product/alive', to: '/about' } });
    expect(response.statusCode).toBe(201);
    await expectStatus('/product/alive', 200);
  });

  it('a manual redirect to an address that redirects goes straight to the end; ones that led to it follow it', async () => {
    expect((await t.asAdmin({ method: 'POST', url: '/api/redirects', payload: { from: '/m-b', to: '/about' } })).statusCode).toBe(201);
    expect((await t.asAdmin({ method: 'POST', url: '/api/redirects', payload: { from: '/m-a', to: '/m-b' } })).statusCode).toBe(201);
    await expectRedirect('/m-a', '/about');
    expect((await t.asAdmin({ method: 'POST', url: '/api/redirects', payload: { from: '/m-z', to: '/m-y' } })).statusCode).toBe(201);
    expect((await t.asAdmin({ method: 'POST', url: '/api/redirects', payload: { from: '/m-y', to: '/' } })).statusCode).toBe(201);
    await expectRedirect('/m-z', '/');
  });

  it('validates: precise 400s, a duplicate address 409 naming the field, a loop 400, automatic ones not editable', async () => {
    const post = (payload: unknown) => t.asAdmin({ method: 'POST', url: '/api/redirects', payload: payload as Record<string, unknown> });
    const cases: Array<[unknown, string]> = [
      [{ from: 'no-slash', to: '/x' }, 'from: must be a path starting with /'],
      [{ from: '/api/products', to: '/x' }, 'from: must not start with /api, /admin, /assets or /uploads'],
      [{ from: '/admin', to: '/x' }, 'from: must not start with /api, /admin, /assets or /uploads'],
      [{ from: '/assets/app.js', to: '/x' }, 'from: must not start with /api, /admin, /assets or /uploads'],
      [{ from: '/uploads/a.jpg', to: '/x' }, 'from: must not start with /api, /admin, /assets or /uploads'],
      [{ from: '/a?b=1', to: '/x' }, 'from: must be a path only (no query, fragment or spaces)'],
      [{ from: '/ok', to: 'javascript:alert(1)' }, 'to: must be a path starting with / or an http(s) URL'],
      [{ from: '/ok', to: '//evil.example.com' }, 'to: must be a path starting with / or an http(s) URL'],
      [{ from: '/ok', to: '/x', status: 307 }, 'status: must be 301 or 302'],
      [{ from: '/ok', to: '/ok' }, 'to: would send visitors round in a loop back to the from address'],
    ];
    for (const [payload, error] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toEqual({ success: false, error, field: error.slice(0, error.indexOf(':')) });
    }
    expect((await post({ from: '/loop-1', to: '/loop-2' })).statusCode).toBe(201);
    const loop = await post({ from: '/loop-2', to: '/loop-1' });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().error).toBe('to: would send visitors round in a loop back to the from address');
    const duplicate = await post({ from: '/loop-1', to: '/elsewhere' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ success: false, error: 'from: a redirect from this address already exists', field: 'from' });

    const [automatic] = await list('/product/old-name');
    const edit = await t.asAdmin({ method: 'PUT', url: `/api/redirects/${automatic!.id}`, payload: { from: '/product/old-name', to: '/x' } });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error).toMatch(/^An automatic redirect follows its item/);
  });

  it('renaming a draft or a scheduled item makes no public redirect naming its new address (issue 23)', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const draft = await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'hush-draft', status: 'draft' }) });
    await renameProduct(draft.json().data.id, 'hush-launch-name');
    const category = await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'hush-cat', status: 'scheduled', publishAt: later }) });
    const renamed = await t.asAdmin({ method: 'PUT', url: `/api/categories/${category.json().data.id}`, payload: aCategory({ slug: 'hush-cat-final', status: 'scheduled', publishAt: later }) });
    expect(renamed.statusCode, renamed.body).toBe(200);
    for (const url of ['/product/hush-draft', '/category/hush-cat']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers.location, url).toBeUndefined();
    }
    expect(await list('hush')).toEqual([]);

    // Live at A, renamed to B (A→B), then taken off the site and renamed to C in one save:
    // A leads nowhere while the item is hidden, and to C once it is back.
    const product = await createProduct('hush-a');
    await renameProduct(product.id, 'hush-b');
    await expectRedirect('/product/hush-a', '/product/hush-b');
    const hidden = await t.asAdmin({ method: 'PUT', url: `/api/products/${product.id}`, payload: aProduct({ slug: 'hush-c', status: 'draft' }) });
    expect(hidden.statusCode, hidden.body).toBe(200);
    for (const url of ['/product/hush-a', '/product/hush-b', '/product/hush-c']) await expectStatus(url, 404);
    expect((await get('/product/hush-a')).headers.location).toBeUndefined();
    const back = await t.asAdmin({ method: 'PUT', url: `/api/products/${product.id}`, payload: aProduct({ slug: 'hush-c', status: 'published' }) });
    expect(back.statusCode, back.body).toBe(200);
    await expectRedirect('/product/hush-a', '/product/hush-c');
    await expectRedirect('/product/hush-b', '/product/hush-c');
  });

  it('targets refuse control characters, line breaks, backslashes and loops, with a 400 naming the field (issue 23)', async () => {
    const post = (payload: unknown) => t.asAdmin({ method: 'POST', url: '/api/redirects', payload: payload as Record<string, unknown> });
    const loop = 'to: would send visitors round in a loop back to the from address';
    expect((await post({ from: '/ring-a', to: '/ring-b' })).statusCode).toBe(201);
    const cases: Array<[unknown, string]> = [
      [{ from: '/bad-1', to: 'https://evil.example.com/a\nSet-Cookie: x=1' }, 'to: must not contain spaces, tabs or line breaks'],
      [{ from: '/bad-2', to: 'https://evil.example.com/\ta' }, 'to: must not contain spaces, tabs or line breaks'],
      [{ from: '/bad-3', to: '/x\u0000y' }, 'to: must not contain control characters'],
      [{ from: '/bad-4', to: '/x\u007fy' }, 'to: must not contain control characters'],
      [{ from: '/bad-5', to: '/x\u0085y' }, 'to: must not contain control characters'],
      [{ from: '/bad-6', to: '/x\u202ey' }, 'to: must not contain invisible text-direction characters'],
      [{ from: '/bad-7', to: '/\\evil.example.com' }, 'to: must not contain a backslash'],
      [{ from: '/bad-8', to: 'https://shop.example.com\\@evil.example.com/' }, 'to: must not contain a backslash'],
      [{ from: '/bad-9', to: '//evil.example.com' }, 'to: must be a path starting with / or an http(s) URL'],
      [{ from: '/bad\u0001', to: '/x' }, 'from: must not contain control or text-direction characters'],
      // Loops: to itself as an absolute URL of this site, and A→B→A written either way.
      [{ from: '/self-abs', to: 'https://shop.example.com/self-abs?x=1' }, loop],
      [{ from: '/ring-b', to: '/ring-a' }, loop],
      [{ from: '/ring-b', to: 'https://shop.example.com/ring-a' }, loop],
    ];
    for (const [payload, error] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toEqual({ success: false, error, field: error.slice(0, error.indexOf(':')) });
    }
    // Letters beyond ASCII are fine: stored percent-encoded, as a request shows them.
    const accented = await post({ from: '/accent', to: '/café/../menu' });
    expect(accented.statusCode, accented.body).toBe(201);
    expect(accented.json().data.to).toBe('/menu');
    const unicode = await post({ from: '/unicode', to: '/café' });
    expect(unicode.json().data.to).toBe('/caf%C3%A9');
    await expectRedirect('/unicode', '/caf%C3%A9');
  });

  it('a stored row that breaks the rules (from before them, or a restore) answers 404, never 500 (issue 23)', async () => {
    const now = new Date().toISOString();
    const bad = ['https://evil.example.com/a\nSet-Cookie: x=1', '/\\evil.example.com', '/x\u0001y', '/x\u202ey', '/caf\u00e9', 'javascript:alert(1)'];
    await t.app.ctx.db
      .insertInto('redirects')
      .values(bad.map((to, i) => ({ id: `bad-row-${i}`, from_path: `/stored-bad-${i}`, to_path: to, status: 301, kind: 'manual', target_type: null, target_id: null, created_at: now, updated_at: now })))
      .execute();
    // Rows written behind the app's back reach its address list with the next write through it
    // (a restore's rows, with the restart it asks for).
    expect((await t.asAdmin({ method: 'POST', url: '/api/redirects', payload: { from: '/stored-bad-next', to: '/' } })).statusCode).toBe(201);
    for (const [i, to] of bad.entries()) {
      const response = await get(`/stored-bad-${i}`);
      // An accented path is still a good target: sent percent-encoded.
      if (to === '/caf\u00e9') {
        expect(response.statusCode).toBe(301);
        expect(response.headers.location).toBe('/caf%C3%A9');
        continue;
      }
      expect(response.statusCode, JSON.stringify(to)).toBe(404);
      expect(response.headers.location, JSON.stringify(to)).toBeUndefined();
    }
  });

  it('lists with the paging contract and a search; admin-only', async () => {
    const first = await t.asAdmin({ method: 'GET', url: '/api/redirects?limit=2' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.data).toHaveLength(2);
    expect(body.meta.total).toBeGreaterThan(4);
    const all: string[] = body.data.map((r: Redirect) => r.from);
    let cursor = body.meta.nextCursor as string | null;
    while (cursor) {
      const next = (await t.asAdmin({ method: 'GET', url: `/api/redirects?limit=2&cursor=${cursor}` })).json();
      all.push(...next.data.map((r: Redirect) => r.from));
      cursor = next.meta.nextCursor;
    }
    expect(all).toHaveLength(body.meta.total);
    expect([...all].sort()).toEqual(all);
    expect((await list('CHAIN-')).length).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: '/api/redirects' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/redirects', payload: { from: '/a', to: '/b' } })).statusCode).toBe(401);
  });

  it('records redirect changes in the activity log', async () => {
    const entries = (await t.asAdmin({ method: 'GET', url: '/api/audit?limit=50' })).json().data as Array<{ action: string }>;
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['redirect.create', 'redirect.update', 'redirect.delete']));
  });
});
