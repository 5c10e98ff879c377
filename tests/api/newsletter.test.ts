import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('newsletter API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const subscribe = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: payload as object });
  const subscribers = async () => {
    const response = await t.asAdmin({ method: 'GET', url: '/api/newsletter/subscribers' });
    expect(response.statusCode).toBe(200);
    return response.json().data as { id: string; email: string; createdAt: string; status: string }[];
  };

  it('lets a visitor subscribe without a token and stores the address normalised', async () => {
    const response = await subscribe({ email: '  Jane.Doe@Example.COM ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { subscribed: true } });
    const list = await subscribers();
    expect(list).toHaveLength(1);
    // Without mail an address is confirmed at once.
    expect(list[0]).toEqual({ id: expect.any(String), email: 'jane.doe@example.com', createdAt: expect.any(String), status: 'confirmed' });
    expect(new Date(list[0]!.createdAt).toISOString()).toBe(list[0]!.createdAt);
  });

  it('answers a repeat exactly like a first subscription and keeps one row', async () => {
    const first = await subscribe({ email: 'repeat@example.com' });
    const again = await subscribe({ email: 'REPEAT@example.com' });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    const rows = (await subscribers()).filter((row) => row.email === 'repeat@example.com');
    expect(rows).toHaveLength(1);
  });

  it('refuses an invalid address naming the field', async () => {
    for (const payload of [{ email: 'not-an-address' }, { email: '' }, {}, { email: 42 }, { email: `${'a'.repeat(250)}@example.com` }]) {
      const response = await subscribe(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().success).toBe(false);
      expect(response.json().error).toMatch(/^email: /);
    }
    expect((await subscribe({ email: 'nope' })).json().error).toBe('email: must be a valid e-mail address');
    expect(await subscribers()).toHaveLength(2);
  });

  it('shows the subscriber list only to the administrator', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/newsletter/subscribers' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, error: 'Authentication required' });
    const forged = await t.app.inject({ method: 'GET', url: '/api/newsletter/subscribers', headers: { authorization: 'Bearer forged' } });
    expect(forged.statusCode).toBe(401);
  });

  it('leaves rendered pages cached: subscriber writes do not move the content version', async () => {
    const version = t.app.ctx.contentEvents.current;
    await subscribe({ email: 'quiet@example.com' });
    const id = (await subscribers()).find((row) => row.email === 'quiet@example.com')!.id;
    await t.asAdmin({ method: 'DELETE', url: `/api/newsletter/subscribers/${id}` });
    expect(t.app.ctx.contentEvents.current).toBe(version);
  });

  it('lists the newest subscriber first', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    await subscribe({ email: 'latest@example.com' });
    expect((await subscribers())[0]!.email).toBe('latest@example.com');
  });
});

describe('subscribe flood', () => {
  const PER_CLIENT = 4;
  const SITE = 6;
  const flooded = () => startTestApp({ SUBSCRIBE_LIMIT_PER_IP: String(PER_CLIENT), SUBSCRIBE_LIMIT_SITE: String(SITE) });
  const from = (t: TestApp, remoteAddress: string, i: number) =>
    t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: `flood${i}@example.com` }, remoteAddress });

  it('limits one client a minute and the whole site an hour, with the envelope and Retry-After', async () => {
    const t = await flooded();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < PER_CLIENT + 3; i++) statuses.push((await from(t, '10.1.1.1', i)).statusCode);
      expect(statuses).toEqual([...Array(PER_CLIENT).fill(200), 429, 429, 429]);
      const refused = await from(t, '10.1.1.1', 999);
      expect(refused.json()).toMatchObject({ success: false, error: expect.stringMatching(/^Too many requests/) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Refused sign-ups did not use up the site's allowance: two more clients get the remaining 2.
      expect((await from(t, '10.1.1.2', 1000)).statusCode).toBe(200);
      expect((await from(t, '10.1.1.3', 1001)).statusCode).toBe(200);
      const siteFull = await from(t, '10.1.1.4', 1002);
      expect(siteFull.statusCode).toBe(429);
      const rows = await t.app.ctx.db.selectFrom('subscribers').select('email').execute();
      expect(rows).toHaveLength(SITE);
    } finally {
      await t.close();
    }
  });

  it('keeps the count in the database: a restart does not reset it, and concurrent requests share it exactly', async () => {
    const t = await flooded();
    try {
      const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => from(t, '10.2.2.2', i)));
      expect(burst.filter((response) => response.statusCode === 200)).toHaveLength(PER_CLIENT);
      await t.restart();
      expect((await from(t, '10.2.2.2', 100)).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
