import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app';
import { SESSION_TTL_MS, TOUCH_INTERVAL_MS, findLiveSession } from '../../src/server/modules/auth/session.repository';

describe('admin password change and sessions', () => {
  let t: TestApp;
  let password = ADMIN_PASSWORD;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const signIn = async (userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36', remoteAddress = '10.2.0.1') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { password },
      headers: { 'user-agent': userAgent },
      remoteAddress,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.token as string;
  };
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const verify = async (token: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/verify', headers: as(token) })).statusCode;
  const change = (token: string, payload: object, remoteAddress = '10.2.0.1') =>
    t.app.inject({ method: 'PUT', url: '/api/auth/password', headers: as(token), payload, remoteAddress });

  it('needs the admin token', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/auth/password', payload: { currentPassword: password, newPassword: 'x'.repeat(20) } });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a short or common new password with 400, naming the field', async () => {
    const token = await signIn();
    const short = await change(token, { currentPassword: password, newPassword: 'short-pass' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/^newPassword: .*12 characters/);
    for (const common of ['password1234', 'PASSWORD1234', 'qwerty123456', '123456789012']) {
      const response = await change(token, { currentPassword: password, newPassword: common });
      expect(response.statusCode, common).toBe(400);
      expect(response.json().error).toMatch(/^newPassword: .*common/);
    }
  });

  it('refuses a wrong current password with 401', async () => {
    const token = await signIn();
    const response = await change(token, { currentPassword: 'not-the-password', newPassword: 'a-fresh-long-passphrase' }, '10.2.0.99');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, error: 'Current password is incorrect' });
    expect(await verify(token)).toBe(200);
  });

  it('changes it, keeps the caller signed in and signs every other session out', async () => {
    const mine = await signIn();
    const other = await signIn('Mozilla/5.0 (Windows NT 10.0) Firefox/140.0', '10.2.0.2');
    const response = await change(mine, { currentPassword: password, newPassword: 'lighthouse-keeper-2026' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await verify(mine)).toBe(200);
    expect(await verify(other)).toBe(401);
    const oldLogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password }, remoteAddress: '10.2.0.3' });
    expect(oldLogin.statusCode).toBe(401);
    password = 'lighthouse-keeper-2026';
    await signIn();
  });

  it('lists live sessions with created, last seen, address and browser, marking the current one', async () => {
    const mine = await signIn('Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36', '10.2.0.5');
    await signIn('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0', '10.2.0.6');
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: as(mine) });
    expect(response.statusCode).toBe(200);
    const sessions = response.json().data as Array<Record<string, unknown>>;
    const current = sessions.filter((session) => session.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ ip: '10.2.0.5', browser: 'Chrome on Linux' });
    expect(typeof current[0]!.createdAt).toBe('string');
    expect(typeof current[0]!.lastSeenAt).toBe('string');
    expect(sessions.some((session) => session.browser === 'Firefox on Windows' && session.ip === '10.2.0.6')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
  });

  it('signs one session out, then everywhere else', async () => {
    const mine = await signIn();
    const other = await signIn('curl/8.0', '10.2.0.7');
    const third = await signIn('curl/8.0', '10.2.0.8');
    const sessions = (await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: as(mine) })).json().data as Array<{ id: string; ip: string }>;
    const otherId = sessions.find((session) => session.ip === '10.2.0.7')!.id;
    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${otherId}`, headers: as(mine) });
    expect(revoke.statusCode).toBe(200);
    expect(await verify(other)).toBe(401);
    expect(await verify(third)).toBe(200);
    const everywhere = await t.app.inject({ method: 'POST', url: '/api/auth/sessions/revoke-others', headers: as(mine) });
    expect(everywhere.statusCode).toBe(200);
    expect(await verify(third)).toBe(401);
    expect(await verify(mine)).toBe(200);
    const left = (await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: as(mine) })).json().data;
    expect(left).toHaveLength(1);
  });

  it('expires after inactivity, slides on use (written at most once a minute) and ends at 90 days', async () => {
    const token = await signIn();
    const db = t.app.ctx.db;
    const now = Date.now();
    const first = await findLiveSession(db, token, now + 10_000);
    // Within a minute of the last write: nothing is written.
    const row = await db.selectFrom('sessions').selectAll().where('id', '=', first!.id).executeTakeFirstOrThrow();
    expect(Date.parse(row.last_seen_at)).toBeLessThan(now + 1000);
    // Used after 11 hours: the 12-hour inactivity expiry moves forward.
    const later = now + 11 * 3_600_000;
    const slid = await findLiveSession(db, token, later);
    expect(Date.parse(slid!.expires_at)).toBeGreaterThan(later + SESSION_TTL_MS - 1000);
    expect(TOUCH_INTERVAL_MS).toBe(60_000);
    // Unused for 12 hours after that: gone.
    expect(await findLiveSession(db, token, later + SESSION_TTL_MS + 1000)).toBeUndefined();

    // A remembered session still ends 90 days after sign-in, however often it is used.
    const remembered = (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password, remember: true }, remoteAddress: '10.2.0.9' })).json().data.token as string;
    let at = now;
    for (let day = 0; day < 89; day += 20) {
      at = now + day * 86_400_000;
      expect(await findLiveSession(db, remembered, at), `day ${day}`).toBeDefined();
    }
    expect(await findLiveSession(db, remembered, now + 89 * 86_400_000)).toBeDefined();
    expect(await findLiveSession(db, remembered, now + 90 * 86_400_000 + 1000)).toBeUndefined();
  });
});
