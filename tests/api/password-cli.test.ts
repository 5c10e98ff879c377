import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app';
import { rfc6238 } from '../helpers/totp';
import { runCli } from '../helpers/run-cli';

describe('npm run password (for an owner who is locked out)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Started with ADMIN_PASSWORD set: the password the command sets is the database's own all the same.
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  // The CLI reads the same variables as the server, without ADMIN_PASSWORD.
  const cliEnv = () => ({ DATA_DIR: t.env.dataDir, DATABASE_URL: t.env.databaseUrl });
  const login = (payload: object, remoteAddress = '10.4.0.1') => t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });
  const verify = async (token: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/verify', headers: { authorization: `Bearer ${token}` } })).statusCode;

  it('refuses a short or common password from standard input and changes nothing', async () => {
    for (const weak of ['short\n', 'password1234\n']) {
      const result = await runCli(['password'], cliEnv(), weak);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/nothing was changed/);
    }
    expect((await login({ password: ADMIN_PASSWORD })).statusCode).toBe(200);
  });

  it('sets a new password from one piped line, signs every session out, and can turn 2FA off', async () => {
    const token = await t.token();
    const setup = (await t.asAdmin({ method: 'POST', url: '/api/auth/2fa/setup' })).json().data;
    expect((await t.asAdmin({ method: 'POST', url: '/api/auth/2fa/enable', payload: { code: rfc6238(setup.secret) } })).statusCode).toBe(200);
    // The next step's code: the current one was taken by turning two-factor on.
    const signedIn = await login({ password: ADMIN_PASSWORD, code: rfc6238(setup.secret, Date.now() + 30_000) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const other = signedIn.json().data.token as string;
    // The owner's address is locked out by wrong guesses.
    for (let i = 0; i < 6; i++) await login({ password: `wrong-${i}` }, '10.4.0.66');
    expect((await login({ password: ADMIN_PASSWORD }, '10.4.0.66')).statusCode).toBe(429);

    const result = await runCli(['password', '--disable-2fa'], cliEnv(), 'a-new-and-long-passphrase\nignored second line\n');
    expect(result.code, result.stderr).toBe(0);
    expect(await verify(token)).toBe(401);
    expect(await verify(other)).toBe(401);
    expect((await login({ password: ADMIN_PASSWORD }, '10.4.0.2')).statusCode).toBe(401);
    // Two-factor sign-in is off: the password alone signs in, and the reset lifted the lock-out.
    expect((await login({ password: 'a-new-and-long-passphrase' })).statusCode).toBe(200);
    expect((await login({ password: 'a-new-and-long-passphrase' }, '10.4.0.66')).statusCode).toBe(200);
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/audit?action=auth.password_reset',
      headers: { authorization: `Bearer ${(await login({ password: 'a-new-and-long-passphrase' })).json().data.token}` },
    });
    expect(audit.json().data[0].summary).toMatch(/two-factor sign-in turned off/);

    // A restart with the old ADMIN_PASSWORD still in the environment keeps the one the command set.
    await t.restart();
    expect((await login({ password: ADMIN_PASSWORD }, '10.4.0.3')).statusCode).toBe(401);
    expect((await login({ password: 'a-new-and-long-passphrase' })).statusCode).toBe(200);
  });
});
