import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app';

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const login = (payload: unknown, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress });
  const verify = (token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('logs in with the password and returns a 256-bit random token with an expiry', async () => {
    const response = await login({ password: ADMIN_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(Buffer.from(body.data.token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const hours = (Date.parse(body.data.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11);
    expect(hours).toBeLessThanOrEqual(12);
  });

  it('gives a longer session with remember', async () => {
    const body = (await login({ password: ADMIN_PASSWORD, remember: true })).json();
    const days = (Date.parse(body.data.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
  });

  it('stores only a hash of the token', async () => {
    const { token } = (await login({ password: ADMIN_PASSWORD })).json().data;
    const rows = await t.app.ctx.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('refuses a wrong password with 401 and the envelope', async () => {
    const response = await login({ password: 'nope' }, '10.0.0.2');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, error: 'Invalid credentials' });
  });

  it('names the field when the password is missing', async () => {
    const response = await login({}, '10.0.0.3');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^password: /);
  });

  it('verifies a live token and refuses missing, unknown and revoked ones', async () => {
    const { token } = (await login({ password: ADMIN_PASSWORD })).json().data;
    expect((await verify(token)).statusCode).toBe(200);
    expect((await verify()).statusCode).toBe(401);
    expect((await verify('made-up-token')).statusCode).toBe(401);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(logout.statusCode).toBe(200);
    expect((await verify(token)).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const { token } = (await login({ password: ADMIN_PASSWORD })).json().data;
    await t.app.ctx.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await verify(token)).statusCode).toBe(401);
  });

  it('locks a client out after repeated failures, with a growing lock that survives a restart', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < 5; i++) expect((await login({ password: `wrong-${i}` }, address)).statusCode).toBe(401);
    const locked = await login({ password: ADMIN_PASSWORD }, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatch(/Too many failed login attempts/);
    const firstWait = Number(locked.headers['retry-after']);
    expect(firstWait).toBeGreaterThan(0);

    // Another client is not affected.
    expect((await login({ password: ADMIN_PASSWORD }, '10.9.9.10')).statusCode).toBe(200);

    await t.restart();
    expect((await login({ password: ADMIN_PASSWORD }, address)).statusCode).toBe(429);

    // Let the lock run out, fail once more: the next lock is longer.
    await t.app.ctx.db.updateTable('login_attempts').set({ locked_until: new Date(Date.now() - 1).toISOString() }).execute();
    expect((await login({ password: 'wrong-again' }, address)).statusCode).toBe(401);
    const relocked = await login({ password: ADMIN_PASSWORD }, address);
    expect(relocked.statusCode).toBe(429);
    expect(Number(relocked.headers['retry-after'])).toBeGreaterThan(firstWait);
  });
});

describe('generated admin password', () => {
  it('is generated, announced once, and only its hash is kept', async () => {
    const announced: string[] = [];
    const t = await startTestApp({ ADMIN_PASSWORD: '' }, { web: false, announcePassword: (p) => announced.push(p) });
    try {
      expect(announced).toHaveLength(1);
      const password = announced[0]!;
      expect(password.length).toBeGreaterThanOrEqual(20);
      const stored = await t.app.ctx.db.selectFrom('settings').select('value').where('key', '=', 'admin_password_hash').executeTakeFirstOrThrow();
      expect(stored.value).not.toContain(password);
      const ok = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password } });
      expect(ok.statusCode).toBe(200);
      await t.restart();
      expect(announced).toHaveLength(1);
      const again = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password } });
      expect(again.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
