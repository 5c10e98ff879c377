import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { aCategory } from '../helpers/factories';

type Nav = { header: { label: string; href: string; children?: { label: string; href: string }[] }[]; footer: { heading: string; links: { label: string; href: string }[] }[] };

describe('menus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
  const read = async () => (await t.app.inject({ method: 'GET', url: '/api/navigation' })).json().data as Nav;

  it('answers the spec header before any edit, and new categories still appear in it', async () => {
    const before = await read();
    expect(before.header[0]).toEqual({ label: 'Home', href: '/' });
    expect(before.header.at(-1)).toEqual({ label: 'About', href: '/about' });
    const created = await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'nav-new', title: 'Brand new' }) });
    expect(created.statusCode).toBe(201);
    const after = await read();
    expect(after.header).toContainEqual({ label: 'Brand new', href: '/category/nav-new' });
    expect(after.header.at(-1)).toEqual({ label: 'About', href: '/about' });
    expect(after.footer.map((column) => column.heading)).toEqual(['Navigation', 'Categories', 'Latest Products']);
  });

  it('saves the owner menus; a deleted page or category drops out instead of leaving a dead link', async () => {
    const page = (await t.asAdmin({ method: 'POST', url: '/api/pages', payload: { title: 'Privacy', slug: 'nav-privacy' } })).json().data;
    const category = (await t.asAdmin({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'nav-gone', title: 'Gone soon' }) })).json().data;
    const menus = {
      header: [
        { label: 'Home', href: '/' },
        { label: 'Shop', href: '/category/nav-gone', children: [{ label: 'New', href: '/category/nav-new' }, { label: 'Privacy', href: '/pages/nav-privacy' }] },
        { label: 'Blog', href: 'https://blog.example.com' },
      ],
      footer: [{ heading: 'Legal', links: [{ label: 'Privacy', href: '/pages/nav-privacy' }, { label: 'Search', href: '/search' }] }],
    };
    const saved = await t.asAdmin({ method: 'PUT', url: '/api/navigation', payload: menus });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual(menus);
    expect(await read()).toEqual(menus);

    await t.asAdmin({ method: 'DELETE', url: `/api/pages/${page.id}` });
    await t.asAdmin({ method: 'DELETE', url: `/api/categories/${category.id}` });
    const after = await read();
    expect(after.header.map((item) => item.label)).toEqual(['Home', 'Blog']);
    expect(after.footer).toEqual([{ heading: 'Legal', links: [{ label: 'Search', href: '/search' }] }]);
  });

  it('refuses bad menus naming the field, and visitors cannot save', async () => {
    const bad = await t.asAdmin({ method: 'PUT', url: '/api/navigation', payload: { header: [{ label: 'X', href: 'javascript:alert(1)' }], footer: [] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^header\.0\.href: /);
    const five = await t.asAdmin({ method: 'PUT', url: '/api/navigation', payload: { header: [], footer: Array.from({ length: 5 }, (_, i) => ({ heading: `C${i}`, links: [] })) } });
    expect(five.statusCode).toBe(400);
    expect(five.json().error).toMatch(/^footer: /);
    expect((await t.app.inject({ method: 'PUT', url: '/api/navigation', payload: { header: [], footer: [] } })).statusCode).toBe(401);
  });

  it('answers an ETag; of two windows saving from one version the second is refused, and a save without If-Match still overwrites', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/navigation' });
    const etag = get.headers.etag as string;
    expect(etag).toMatch(/^"\d+"$/);
    const mine = { header: [{ label: 'Home', href: '/' }], footer: [{ heading: 'Mine', links: [] }] };
    const theirs = { header: [{ label: 'Start', href: '/' }], footer: [{ heading: 'Theirs', links: [] }] };

    const first = await t.asAdmin({ method: 'PUT', url: '/api/navigation', payload: theirs, headers: { 'if-match': etag } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).toBe(`"${Number(JSON.parse(etag)) + 1}"`);
    const stale = await t.asAdmin({ method: 'PUT', url: '/api/navigation', payload: mine, headers: { 'if-match': etag } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      success: false,
      error: 'This navigation was changed by someone else since you opened it. Reload to see the latest version, then make your changes again.',
    });
    expect(await read()).toEqual(theirs);
    expect((await t.app.inject({ method: 'GET', url: '/api/navigation' })).headers.etag).toBe(first.headers.etag);

    // From the version just read, the save goes through.
    const fresh = await t.asAdmin({ method: 'PUT', url: '/api/navigation', payload: mine, headers: { 'if-match': first.headers.etag as string } });
    expect(fresh.statusCode, fresh.body).toBe(200);
    // The spec's clients send no If-Match: they overwrite, as before.
    const plain = await t.asAdmin({ method: 'PUT', url: '/api/navigation', payload: theirs });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(await read()).toEqual(theirs);
  });
});

describe('menus never saved', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answer ETag "0"; the first save from it wins and a second from it is refused', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/navigation' });
    expect(get.headers.etag).toBe('"0"');
    const menus = { header: [{ label: 'Home', href: '/' }], footer: [] };
    const first = await t.asAdmin({ method: 'PUT', url: '/api/navigation', payload: menus, headers: { 'if-match': '"0"' } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).toBe('"1"');
    const second = await t.asAdmin({ method: 'PUT', url: '/api/navigation', payload: { ...menus, header: [] }, headers: { 'if-match': '"0"' } });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatch(/^This navigation was changed by someone else since you opened it\./);
  });
});
