import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import { ADMIN_PASSWORD, startTestApp, testConfig, type TestApp } from '../helpers/test-app';
import { FAILURE_DECAY_MS, FREE_ATTEMPTS, decayedFailures } from '../../src/server/modules/auth/login-throttle';

const login = (t: TestApp, password: string, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password }, ...options });
const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);
const count = (values: number[], status: number) => values.filter((value) => value === status).length;
const deviceCookie = (response: LightMyRequestResponse) => String(response.headers['set-cookie']).split(';')[0]!;

describe('sign-in under attack', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('checks at most the allowed number of guesses however many arrive at once', async () => {
    const burst = statuses(await Promise.all(Array.from({ length: 30 }, (_, i) => login(t, `wrong-${i}`, { remoteAddress: '10.20.0.1' }))));
    expect(count(burst, 401)).toBe(FREE_ATTEMPTS);
    expect(count(burst, 429)).toBe(30 - FREE_ATTEMPTS);

    // The lock runs out: the next burst gets exactly one more guess.
    await t.app.ctx.db.updateTable('login_attempts').set({ locked_until: new Date(Date.now() - 1).toISOString() }).where('client_key', '=', 'ip:10.20.0.1').execute();
    const after = statuses(await Promise.all(Array.from({ length: 30 }, (_, i) => login(t, `again-${i}`, { remoteAddress: '10.20.0.1' }))));
    expect(count(after, 401)).toBe(1);
    expect(count(after, 429)).toBe(29);
  });

  it('lets failures fade with time, so an old burst does not keep the lock growing', async () => {
    expect(decayedFailures(9, FAILURE_DECAY_MS * 2 + 1)).toBe(7);
    expect(decayedFailures(3, FAILURE_DECAY_MS * 10)).toBe(0);
    const address = '10.20.0.2';
    for (let i = 0; i < FREE_ATTEMPTS - 1; i++) expect((await login(t, `wrong-${i}`, { remoteAddress: address })).statusCode).toBe(401);
    // Two hours later the old failures are forgiven: five fresh guesses before a lock.
    await t.app.ctx.db
      .updateTable('login_attempts')
      .set({ updated_at: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString() })
      .where('client_key', '=', `ip:${address}`)
      .execute();
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await login(t, `later-${i}`, { remoteAddress: address })).statusCode).toBe(401);
    expect((await login(t, 'one-too-many', { remoteAddress: address })).statusCode).toBe(429);
  });

  it('never locks the owner out of a browser that signed in before, while strangers at the same address are locked', async () => {
    const address = '10.20.0.3';
    const signedIn = await login(t, ADMIN_PASSWORD, { remoteAddress: address });
    expect(signedIn.statusCode).toBe(200);
    const cookie = deviceCookie(signedIn);
    expect(String(signedIn.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);

    for (let i = 0; i < FREE_ATTEMPTS + 2; i++) await login(t, `stranger-${i}`, { remoteAddress: address });
    expect((await login(t, ADMIN_PASSWORD, { remoteAddress: address })).statusCode).toBe(429);
    expect((await login(t, ADMIN_PASSWORD, { remoteAddress: address, headers: { cookie } })).statusCode).toBe(200);

    // A forged or altered cookie counts for nothing.
    const forged = cookie.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await login(t, ADMIN_PASSWORD, { remoteAddress: address, headers: { cookie: forged } })).statusCode).toBe(429);

    // A stolen cookie still gets only the usual few guesses.
    const guesses = [];
    for (let i = 0; i < FREE_ATTEMPTS + 1; i++) guesses.push((await login(t, `thief-${i}`, { remoteAddress: '10.99.0.1', headers: { cookie } })).statusCode);
    expect(guesses).toEqual([...Array(FREE_ATTEMPTS).fill(401), 429]);
  });

  it('caps concurrent password hashing: a burst from many addresses is refused quickly, never queued without end', async () => {
    const burst = statuses(
      await Promise.all(Array.from({ length: 60 }, (_, i) => login(t, `flood-${i}`, { remoteAddress: `10.30.${Math.floor(i / 250)}.${i % 250}` }))),
    );
    expect(count(burst, 401) + count(burst, 503)).toBe(60);
    expect(count(burst, 503)).toBeGreaterThan(0);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('proxies', () => {
  it('believes only the trusted hop: a spoofed X-Forwarded-For gets no fresh attempts', async () => {
    const t = await startTestApp({ TRUST_PROXY: 'true' });
    try {
      const results = [];
      for (let i = 0; i < FREE_ATTEMPTS + 3; i++) {
        // The client claims a new address each time; the proxy (10.0.0.2) appends the real one.
        const headers = { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` };
        results.push((await login(t, `wrong-${i}`, { remoteAddress: '10.0.0.2', headers })).statusCode);
      }
      expect(results).toEqual([...Array(FREE_ATTEMPTS).fill(401), 429, 429, 429]);
      const rows = await t.app.ctx.db.selectFrom('login_attempts').select('client_key').execute();
      expect(rows.map((row) => row.client_key)).toEqual(['ip:198.51.100.7']);
    } finally {
      await t.close();
    }
  });

  it('takes the proxies by address: X-Forwarded-For from anyone else is ignored', async () => {
    const t = await startTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      await login(t, 'wrong', { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '198.51.100.8' } });
      await login(t, 'wrong', { remoteAddress: '192.0.2.50', headers: { 'x-forwarded-for': '198.51.100.9' } });
      const rows = await t.app.ctx.db.selectFrom('login_attempts').select('client_key').orderBy('client_key').execute();
      expect(rows.map((row) => row.client_key)).toEqual(['ip:192.0.2.50', 'ip:198.51.100.8']);
    } finally {
      await t.close();
    }
  });
});

describe('password rotation', () => {
  it('a new ADMIN_PASSWORD signs every session out; the same one keeps them', async () => {
    const t = await startTestApp();
    try {
      const token = await t.token();
      const verify = () => t.app.inject({ method: 'POST', url: '/api/auth/verify', headers: { authorization: `Bearer ${token}` } });
      await t.restart();
      expect((await verify()).statusCode).toBe(200);

      await t.app.close();
      const rotated = await buildApp(testConfig(t.env, { ADMIN_PASSWORD: 'a-brand-new-password' }), { web: false });
      try {
        expect((await rotated.inject({ method: 'POST', url: '/api/auth/verify', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
        expect((await rotated.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD } })).statusCode).toBe(401);
        expect((await rotated.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'a-brand-new-password' } })).statusCode).toBe(200);
      } finally {
        await rotated.close();
        await t.env.destroy();
      }
    } catch (error) {
      await t.close().catch(() => {});
      throw error;
    }
  });
});
