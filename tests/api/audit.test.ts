import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app';
import { insertAuditEntry } from '../../src/server/modules/audit/audit.repository';
import { aProduct } from '../helpers/factories';

type Entry = { id: string; at: string; action: string; targetType: string; targetId: string | null; summary: string; ip: string };

describe('audit log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const audit = async (query = '') => {
    const response = await t.asAdmin({ method: 'GET', url: `/api/audit${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { success: true; data: Entry[]; meta: { nextCursor: string | null; total: number } };
  };

  it('is admin only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
  });

  it('keeps the trail of a product edit: create, update naming the changed fields, delete, with the address', async () => {
    const created = await t.asAdmin({
      method: 'POST',
      url: '/api/products',
      remoteAddress: '10.3.0.4',
      payload: aProduct({ slug: 'audited', title: 'Audited', duration: '1 hour' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const updated = await t.asAdmin({
      method: 'PUT',
      url: `/api/products/${id}`,
      remoteAddress: '10.3.0.4',
      payload: { ...created.json().data, title: 'Audited again', duration: '2 hours' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/products/${id}`, remoteAddress: '10.3.0.4' })).statusCode).toBe(200);

    const trail = (await audit('?targetType=product')).data;
    expect(trail.map((entry) => entry.action)).toEqual(['product.delete', 'product.update', 'product.create']);
    for (const entry of trail) expect(entry).toMatchObject({ targetType: 'product', targetId: id, ip: '10.3.0.4' });
    expect(trail[1]!.summary).toBe('Updated product "Audited again": duration, title');
    expect(trail[2]!.summary).toBe('Created product "Audited"');
    expect(trail[0]!.summary).toBe('Deleted product "Audited again"');
    // Newest first.
    expect([...trail].sort((a, b) => b.at.localeCompare(a.at))).toEqual(trail);
  });

  it('records sign-ins, failed sign-ins and sign-outs', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'wrong-password' }, remoteAddress: '10.3.0.9' });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD }, remoteAddress: '10.3.0.8' });
    const token = login.json().data.token as string;
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` }, remoteAddress: '10.3.0.8' });
    const entries = (await audit('?action=auth')).data;
    expect(entries.find((entry) => entry.action === 'auth.login_failed')).toMatchObject({ ip: '10.3.0.9' });
    expect(entries.find((entry) => entry.action === 'auth.logout')).toMatchObject({ ip: '10.3.0.8' });
    expect(entries.some((entry) => entry.action === 'auth.login' && entry.ip === '10.3.0.8')).toBe(true);
    expect(JSON.stringify(entries)).not.toContain('wrong-password');
  });

  it('pages with limit and cursor, and refuses a bad limit or cursor with the envelope', async () => {
    const all = await audit();
    expect(all.meta.nextCursor).toBeNull();
    expect(all.data.length).toBe(all.meta.total);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await audit(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.data.length).toBeLessThanOrEqual(2);
      expect(page.meta.total).toBe(all.meta.total);
      seen.push(...page.data.map((entry) => entry.id));
      cursor = page.meta.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.data.map((entry) => entry.id));
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?limit=2&cursor=not-a-cursor']) {
      const response = await t.asAdmin({ method: 'GET', url: `/api/audit${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });

  it('keeps a year: older entries go with the next write', async () => {
    const db = t.app.ctx.db;
    await insertAuditEntry(db, { action: 'test.ancient', at: new Date(Date.now() - 400 * 86_400_000).toISOString() });
    // A fresh app prunes on its first write.
    await t.restart();
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'wrong-password' }, remoteAddress: '10.3.0.10' });
    const after = await t.asAdmin({ method: 'GET', url: '/api/audit?action=test' });
    expect(after.json().data).toEqual([]);
  });
});

describe('audit log of uploads and settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('records an image upload and a theme change', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 10, g: 20, b: 30 } } }).png().toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const upload = await t.asAdmin({
      method: 'POST',
      url: '/api/upload/image',
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const theme = (await t.app.inject({ method: 'GET', url: '/api/theme' })).json().data;
    const saved = await t.asAdmin({ method: 'PUT', url: '/api/theme', payload: { ...theme, primaryColor: '#123456' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const entries = (await t.asAdmin({ method: 'GET', url: '/api/audit' })).json().data as Entry[];
    expect(entries.find((entry) => entry.action === 'media.create')?.summary).toBe(`Created media "${upload.json().url}"`);
    expect(entries.find((entry) => entry.action === 'theme.update')?.summary).toMatch(/^Updated theme: .*primaryColor/);
  });
});
