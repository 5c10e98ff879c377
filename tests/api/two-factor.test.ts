import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app';
import { rfc6238 } from '../helpers/totp';
import { totpCode } from '../../src/server/modules/auth/totp';

describe('two-factor sign-in (TOTP)', () => {
  let t: TestApp;
  let secret: string;
  let recoveryCodes: string[];
  // Codes kept as typed, so a test that replays one replays the very same digits even if a 30-second step ends meanwhile.
  let enableCode: string;
  let signInCode: string;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const login = (payload: object, remoteAddress = '10.1.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });
  // Each time step is taken once: where a test needs another code within the same minute, it uses the next step's.
  const nextStepCode = () => rfc6238(secret, Date.now() + 30_000);

  it('matches the RFC 6238 test vector (SHA-1, 59 s → 94287082, last 6 digits)', () => {
    // RFC 6238 appendix B: the ASCII secret "12345678901234567890".
    const secretBase32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(rfc6238(secretBase32, 59_000)).toBe('287082');
    expect(totpCode(secretBase32, 59_000)).toBe('287082');
    expect(totpCode(secretBase32, 1_111_111_109_000)).toBe('081804');
  });

  it('needs the admin token for every 2FA route', async () => {
    for (const url of ['/api/auth/2fa/setup', '/api/auth/2fa/enable', '/api/auth/2fa/disable']) {
      const response = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(response.statusCode, url).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/2fa' })).statusCode).toBe(401);
  });

  it('sets up: a base32 secret and an otpauth URL that carries it', async () => {
    const response = await t.asAdmin({ method: 'POST', url: '/api/auth/2fa/setup' });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(data.otpauthUrl).searchParams.get('secret')).toBe(data.secret);
    secret = data.secret;
    // Not on until a code is confirmed: the password alone still signs in.
    expect((await login({ password: ADMIN_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses to enable with a wrong code', async () => {
    const wrong = rfc6238(secret, Date.now() + 10 * 60_000);
    const response = await t.asAdmin({ method: 'POST', url: '/api/auth/2fa/enable', payload: { code: wrong } });
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });

  it('enables with a code computed from the secret and answers 10 recovery codes, stored hashed', async () => {
    enableCode = rfc6238(secret);
    const response = await t.asAdmin({ method: 'POST', url: '/api/auth/2fa/enable', payload: { code: enableCode } });
    expect(response.statusCode).toBe(200);
    recoveryCodes = response.json().data.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await t.app.ctx.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(stored.some((row) => row.code_hash.includes(code))).toBe(false);
    const status = await t.asAdmin({ method: 'GET', url: '/api/auth/2fa' });
    expect(status.json().data).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('asks for the code after a right password', async () => {
    const response = await login({ password: ADMIN_PASSWORD });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, error: 'Two-factor code required', data: { twoFactor: true } });
  });

  it('does not ask for a code when the password is wrong', async () => {
    const response = await login({ password: 'wrong-password', code: rfc6238(secret) }, '10.1.0.9');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, error: 'Invalid credentials' });
  });

  it('refuses the code that turned it on, then signs in with a later step\'s code, once', async () => {
    const replayed = await login({ password: ADMIN_PASSWORD, code: enableCode });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error).toBe('Invalid two-factor code');
    signInCode = nextStepCode();
    const response = await login({ password: ADMIN_PASSWORD, code: signInCode });
    expect(response.statusCode).toBe(200);
    expect((await login({ password: ADMIN_PASSWORD, code: signInCode })).statusCode).toBe(401);
    const token = response.json().data.token as string;
    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify', headers: { authorization: `Bearer ${token}` } });
    expect(verify.statusCode).toBe(200);
  });

  it('accepts a recovery code once; the second use is refused', async () => {
    const code = recoveryCodes[0]!;
    expect((await login({ password: ADMIN_PASSWORD, code })).statusCode).toBe(200);
    const again = await login({ password: ADMIN_PASSWORD, code });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe('Invalid two-factor code');
    expect(again.json().data).toEqual({ twoFactor: true });
  });

  it('counts wrong codes toward the login lock-out', async () => {
    const address = '10.1.0.50';
    const wrong = rfc6238(secret, Date.now() + 10 * 60_000);
    let last = await login({ password: ADMIN_PASSWORD, code: wrong }, address);
    for (let attempt = 1; attempt < 6 && last.statusCode === 401; attempt++) last = await login({ password: ADMIN_PASSWORD, code: wrong }, address);
    expect(last.statusCode).toBe(429);
    // Locked: even the right code waits.
    expect((await login({ password: ADMIN_PASSWORD, code: rfc6238(secret) }, address)).statusCode).toBe(429);
  });

  it('disables only with the password and a code not used before', async () => {
    const bad = await t.asAdmin({ method: 'POST', url: '/api/auth/2fa/disable', payload: { password: 'wrong-password', code: nextStepCode() } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe('Password is incorrect');
    const used = await t.asAdmin({ method: 'POST', url: '/api/auth/2fa/disable', payload: { password: ADMIN_PASSWORD, code: signInCode } });
    expect(used.statusCode).toBe(401);
    expect(used.json().error).toBe('Invalid two-factor code');
    const code = recoveryCodes[1]!;
    const response = await t.asAdmin({ method: 'POST', url: '/api/auth/2fa/disable', payload: { password: ADMIN_PASSWORD, code } });
    expect(response.statusCode).toBe(200);
    expect((await login({ password: ADMIN_PASSWORD }, '10.1.0.77')).statusCode).toBe(200);
    expect(await t.app.ctx.db.selectFrom('recovery_codes').selectAll().execute()).toEqual([]);
  });
});
