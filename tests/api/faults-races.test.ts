import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../helpers/load';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { aCategory, aProduct } from '../helpers/factories';

const shuffle = <T>(items: T[]): T[] => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
};

const product = (n: string) => aProduct({ slug: `race-${n}`, title: `Race ${n}` });

// Many administrators (or one with several tabs) at once, over real HTTP.
describe(`racing reorders and creates (${testDatabaseKind})`, () => {
  let t: TestApp;
  let base: string;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    token = await login(base);
  });
  afterAll(async () => t.close());

  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { data: unknown; error?: string } };
  };

  it('products: 60 reorders and 16 creates at once give no 500 and unique positions', async () => {
    const seeded = await Promise.all(Array.from({ length: 12 }, (_, n) => send('POST', '/api/products', product(`seed-${n}`))));
    const ids = seeded.map((answer) => (answer.body.data as { id: string }).id);
    const reorders = Array.from({ length: 60 }, () =>
      send('PUT', '/api/products/reorder/bulk', { products: shuffle(ids).map((id, order) => ({ id, order })) }),
    );
    const creates = Array.from({ length: 16 }, (_, n) => send('POST', '/api/products', product(`new-${n}`)));
    const answers = await Promise.all([...reorders, ...creates]);
    expect(answers.filter((a) => a.status >= 300).map((a) => `${a.status} ${a.body.error}`)).toEqual([]);

    const list = (await send('GET', '/api/products')).body.data as { order: number }[];
    expect(list).toHaveLength(28);
    expect(new Set(list.map((p) => p.order)).size).toBe(28);
  });

  it('categories: 40 reorders and 16 creates at once give no 500 and unique positions', async () => {
    const category = (n: string) => aCategory({ slug: `race-${n}`, title: `Race ${n}` });
    const seeded = await Promise.all(Array.from({ length: 8 }, (_, n) => send('POST', '/api/categories', category(`seed-${n}`))));
    const ids = seeded.map((answer) => (answer.body.data as { id: string }).id);
    const reorders = Array.from({ length: 40 }, () =>
      send('PUT', '/api/categories/reorder/bulk', { categories: shuffle(ids).map((id, order) => ({ id, order })) }),
    );
    const creates = Array.from({ length: 16 }, (_, n) => send('POST', '/api/categories', category(`new-${n}`)));
    const answers = await Promise.all([...reorders, ...creates]);
    expect(answers.filter((a) => a.status >= 300).map((a) => `${a.status} ${a.body.error}`)).toEqual([]);

    const list = (await send('GET', '/api/categories')).body.data as { order: number }[];
    expect(list).toHaveLength(24);
    expect(new Set(list.map((c) => c.order)).size).toBe(24);
  });
});
