import { randomBytes, scrypt } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import { ADMIN_PASSWORD, startTestApp, testConfig, type TestApp } from '../helpers/test-app';
import { rfc6238 } from '../helpers/totp';
import { FREE_ATTEMPTS } from '../../src/server/modules/auth/login-throttle';
import { WRONG_CODES_PER_HOUR } from '../../src/server/modules/auth/two-factor-state';

// Replays of the second probe (issue 23): every typed secret goes through one guard (decision 049).

const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);
const count = (values: number[], status: number) => values.filter((value) => value === status).length;
const STEP_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a fresh 30-second step when the current one is nearly over, so a test's codes all belong to one moment. */
async function startOfAStep(needMs = 15_000): Promise<number> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < needMs) await sleep(left + 50);
  return Date.now();
}

/** The stored form of `password` made 16 times as slow to check (scrypt p = 16): hashing shows in the answer time. */
async function slowHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, 64, { N: 16384, r: 8, p: 16 }, (error, derived) => (error ? reject(error) : resolve(derived))),
  );
  return ['scrypt', 16384, 8, 16, salt.toString('base64url'), key.toString('base64url')].join('$');
}

async function turnOnTwoFactor(t: TestApp): Promise<string> {
  const secret = (await t.asAdmin({ method: 'POST', url: '/api/auth/2fa/setup' })).json().data.secret as string;
  const enabled = await t.asAdmin({ method: 'POST', url: '/api/auth/2fa/enable', payload: { code: rfc6238(secret) } });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return secret;
}

async function auditActions(t: TestApp, action: string): Promise<Array<{ summary: string; ip: string }>> {
  await t.app.ctx.audit.flush();
  return t.app.ctx.db.selectFrom('audit_log').select(['summary', 'ip']).where('action', '=', action).orderBy('at').execute();
}

describe('the password change and two-factor routes share the sign-in lock-out', () => {
  let t: TestApp;
  let secret: string;
  beforeAll(async () => {
    t = await startTestApp();
    await t.token();
  });
  afterAll(() => t.close());

  const changePassword = (currentPassword: string, remoteAddress: string) =>
    t.asAdmin({ method: 'PUT', url: '/api/auth/password', payload: { currentPassword, newPassword: 'a-long-new-passphrase' }, remoteAddress });
  const disable = (payload: object, remoteAddress: string) => t.asAdmin({ method: 'POST', url: '/api/auth/2fa/disable', payload, remoteAddress });

  it('a stolen token gets only the usual few guesses at the password, however many are sent at once', async () => {
    const burst = statuses(await Promise.all(Array.from({ length: 20 }, (_, i) => changePassword(`guess-${i}`, '10.50.0.1'))));
    expect(count(burst, 401)).toBe(FREE_ATTEMPTS);
    expect(count(burst, 429)).toBe(20 - FREE_ATTEMPTS);
    // The lock is the sign-in's: the right password from that address waits too.
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD }, remoteAddress: '10.50.0.1' });
    expect(signIn.statusCode).toBe(429);
    expect(signIn.headers['retry-after']).toMatch(/^\d+$/);
    const failed = await auditActions(t, 'auth.password_change_failed');
    // The guesses are checked side by side, so their entries land in any order: the one that started the lock says so.
    expect(failed.map((entry) => entry.summary).sort()).toEqual([
      ...Array<string>(FREE_ATTEMPTS - 1).fill('Wrong current password'),
      'Wrong current password; further attempts from this address wait 30 seconds',
    ]);
  });

  it('a locked client is answered 429 before any hashing', async () => {
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await changePassword(`guess-${i}`, '10.50.0.9')).statusCode).toBe(401);
    const stored = await t.app.ctx.db.selectFrom('settings').select('value').where('key', '=', 'admin_password_hash').executeTakeFirstOrThrow();
    await t.app.ctx.db.updateTable('settings').set({ value: await slowHash(ADMIN_PASSWORD) }).where('key', '=', 'admin_password_hash').execute();
    try {
      let started = Date.now();
      expect((await changePassword('one-honest-guess', '10.50.0.2')).statusCode).toBe(401);
      const oneHashMs = Date.now() - started;

      started = Date.now();
      const locked = statuses(await Promise.all(Array.from({ length: 20 }, (_, i) => changePassword(`locked-${i}`, '10.50.0.9'))));
      const lockedMs = Date.now() - started;
      // Hashed, two at a time, the twenty would take ten times one check (and past the cap of 2 running + 16 waiting, two
      // would get 503). Measured here: one check 0.6-4.6 s, the twenty refusals 0.15 s, depending on the machine's load.
      expect(locked).toEqual(Array(20).fill(429));
      expect(lockedMs).toBeLessThan(oneHashMs * 2);
    } finally {
      await t.app.ctx.db.updateTable('settings').set({ value: stored.value }).where('key', '=', 'admin_password_hash').execute();
    }
  }, 120_000);

  it('turning two-factor on counts wrong codes toward the same lock-out', async () => {
    const pending = (await t.asAdmin({ method: 'POST', url: '/api/auth/2fa/setup' })).json().data.secret as string;
    const wrong = rfc6238(pending, Date.now() + 10 * 60_000);
    const results = [];
    for (let i = 0; i < FREE_ATTEMPTS + 1; i++) {
      results.push((await t.asAdmin({ method: 'POST', url: '/api/auth/2fa/enable', payload: { code: wrong }, remoteAddress: '10.50.0.3' })).statusCode);
    }
    expect(results).toEqual([...Array(FREE_ATTEMPTS).fill(400), 429]);
    expect(await auditActions(t, 'auth.2fa_enable_failed')).toHaveLength(FREE_ATTEMPTS);
  });

  it('turning two-factor off: wrong passwords and wrong codes hit the lock-out, then 429 before hashing', async () => {
    secret = await turnOnTwoFactor(t);
    const burst = statuses(
      await Promise.all(Array.from({ length: 12 }, (_, i) => disable({ password: `guess-${i}`, code: rfc6238(secret) }, '10.50.0.4'))),
    );
    expect(count(burst, 401)).toBe(FREE_ATTEMPTS);
    expect(count(burst, 429)).toBe(12 - FREE_ATTEMPTS);

    // The right password with wrong codes: the same few tries.
    const wrongCode = rfc6238(secret, Date.now() + 10 * 60_000);
    const tries = [];
    for (let i = 0; i < FREE_ATTEMPTS + 1; i++) tries.push((await disable({ password: ADMIN_PASSWORD, code: wrongCode }, '10.50.0.5')).json().error);
    expect(tries.slice(0, FREE_ATTEMPTS)).toEqual(Array(FREE_ATTEMPTS).fill('Invalid two-factor code'));
    expect(tries[FREE_ATTEMPTS]).toMatch(/^Too many failed attempts\. Try again in (29|30) seconds\.$/);
    const failed = await auditActions(t, 'auth.2fa_disable_failed');
    expect(failed.map((entry) => entry.summary.split(';')[0])).toEqual([
      ...Array(FREE_ATTEMPTS).fill('Wrong password'),
      ...Array(FREE_ATTEMPTS).fill('Wrong two-factor code'),
    ]);
    expect((await t.asAdmin({ method: 'GET', url: '/api/auth/2fa' })).json().data.enabled).toBe(true);
  });
});

describe('each TOTP step is accepted once, within one step of drift', () => {
  let t: TestApp;
  let secret: string;
  let address = 0;
  beforeAll(async () => {
    t = await startTestApp();
    secret = await turnOnTwoFactor(t);
    // As if two-factor sign-in had been turned on minutes ago: the code that confirmed it is out of the window.
    await t.app.ctx.db.updateTable('two_factor_state').set({ last_step: 0 }).execute();
  });
  afterAll(() => t.close());

  // A new address each time, so the per-client lock-out is not what refuses.
  const login = (code: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD, code }, remoteAddress: `10.60.0.${++address}` });

  it('refuses two steps back, takes the previous step once, then the current once, then the next once', async () => {
    const now = await startOfAStep();
    const at = (steps: number) => rfc6238(secret, now + steps * STEP_MS);
    expect((await login(at(-2))).statusCode).toBe(401);
    expect((await login(at(2))).statusCode).toBe(401);

    // Five sign-ins racing with one code: one gets in.
    const race = statuses(await Promise.all(Array.from({ length: 5 }, () => login(at(-1)))));
    expect(count(race, 200)).toBe(1);
    expect(count(race, 401)).toBe(4);

    // The probe: the same current code three times in a row.
    expect(statuses([await login(at(0)), await login(at(0)), await login(at(0))])).toEqual([200, 401, 401]);
    // An earlier step, still inside the drift, is at or before the last accepted one.
    expect((await login(at(-1))).statusCode).toBe(401);
    expect((await login(at(1))).statusCode).toBe(200);
    const replay = await login(at(1));
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ success: false, error: 'Invalid two-factor code', data: { twoFactor: true } });
  });
});

describe('an account-wide budget of wrong two-factor codes', () => {
  let t: TestApp;
  let secret: string;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' });
    secret = await turnOnTwoFactor(t);
  });
  afterAll(() => t.close());

  // Behind the proxy at 10.0.0.2, each client is the address it forwards.
  const fromClient = (client: string, options: InjectOptions): Promise<LightMyRequestResponse> =>
    t.app.inject({ ...options, remoteAddress: '10.0.0.2', headers: { ...options.headers, 'x-forwarded-for': client } });
  const login = (code: string, client: string) =>
    fromClient(client, { method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD, code } });

  it('100 wrong codes from 20 addresses: only 10 are checked, then the owner waits, told why', async () => {
    const wrong = (i: number) => String((Number(rfc6238(secret)) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers: LightMyRequestResponse[] = [];
    // Ten at a time (within the hashing cap), each round from ten different addresses.
    for (let round = 0; round < 10; round++) {
      answers.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => login(wrong(round * 10 + i), `198.51.100.${(round * 10 + i) % 20}`)))));
    }
    const checked = answers.filter((answer) => answer.json().error === 'Invalid two-factor code');
    const paused = answers.filter((answer) => answer.statusCode === 429);
    expect(checked).toHaveLength(WRONG_CODES_PER_HOUR);
    expect(paused).toHaveLength(100 - WRONG_CODES_PER_HOUR);
    // Every refusal is the account's: five tries per address are within what each address may try.
    for (const answer of paused) expect(answer.json().error).toMatch(/^Too many wrong two-factor codes for this account\. Try again in \d+ minutes\.$/);

    // The owner, from a new address with the right code, waits too; so does turning two-factor off.
    const owner = await login(rfc6238(secret), '203.0.113.9');
    expect(owner.statusCode).toBe(429);
    expect(Number(owner.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(owner.headers['retry-after'])).toBeLessThanOrEqual(3600);
    const disable = await t.asAdmin({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      payload: { password: ADMIN_PASSWORD, code: rfc6238(secret, Date.now() + STEP_MS) },
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(disable.statusCode).toBe(429);
    expect(disable.json().error).toMatch(/^Too many wrong two-factor codes for this account/);

    const entries = await auditActions(t, 'auth.2fa_paused');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.summary).toMatch(/^10 wrong two-factor codes within an hour, after the right password: .*change it\.$/);
    expect(entries[0]!.ip).toMatch(/^198\.51\.100\.\d+$/);
  });

  it('the budget comes back when the hour is over', async () => {
    await t.app.ctx.db
      .updateTable('two_factor_state')
      .set({ window_start: new Date(Date.now() - 60 * 60 * 1000 - 1).toISOString() })
      .execute();
    // The next step's code: the current one may have turned two-factor on.
    expect((await login(rfc6238(secret, Date.now() + STEP_MS), '203.0.113.10')).statusCode).toBe(200);
  });
});

describe('one source of truth for the password', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    t = await startTestApp({ LOG_LEVEL: 'warn' }, { web: false, logStream });
  });
  afterAll(() => t.close());

  it('an old ADMIN_PASSWORD does not come back on restart after a change in the admin; the start warns and audits', async () => {
    const token = await t.token();
    const changed = await t.asAdmin({
      method: 'PUT',
      url: '/api/auth/password',
      payload: { currentPassword: ADMIN_PASSWORD, newPassword: 'changed-in-the-admin-2026' },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    // The same configuration, ADMIN_PASSWORD and all.
    await t.restart();
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password }, remoteAddress: '10.70.0.1' });
    expect((await login(ADMIN_PASSWORD)).statusCode).toBe(401);
    expect((await login('changed-in-the-admin-2026')).statusCode).toBe(200);
    // Nobody was signed out by the start.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);

    const entries = await auditActions(t, 'auth.password_env_ignored');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.summary).toBe(
      'ADMIN_PASSWORD ignored at start-up: the admin password was changed in the admin and differs from ADMIN_PASSWORD; the stored password stays',
    );
    const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level === 40);
    expect(warnings.map((line) => line.msg)).toContainEqual(expect.stringMatching(/^ADMIN_PASSWORD is ignored: .*npm run password/));
    // The secret itself is never written to the log.
    expect(lines.join('\n')).not.toContain(ADMIN_PASSWORD);
  });

  it('a database from before origins were kept: a password that is the environment\'s may still be rotated there', async () => {
    await t.app.close();
    const startWith = (password: string) => buildApp(testConfig(t.env, { ADMIN_PASSWORD: password }), { web: false });
    try {
      // The database's password is the environment's, with no word of where it came from (as before this version).
      const legacy = await startWith('changed-in-the-admin-2026');
      await legacy.ctx.db.deleteFrom('settings').where('key', '=', 'admin_password_origin').execute();
      await legacy.close();
      // A start with the same ADMIN_PASSWORD records it as the environment's; the next one may rotate it.
      await (await startWith('changed-in-the-admin-2026')).close();
      const rotated = await startWith('rotated-in-the-environment');
      try {
        const login = (password: string) => rotated.inject({ method: 'POST', url: '/api/auth/login', payload: { password }, remoteAddress: '10.70.0.2' });
        expect((await login('changed-in-the-admin-2026')).statusCode).toBe(401);
        expect((await login('rotated-in-the-environment')).statusCode).toBe(200);
        const entries = await rotated.ctx.db.selectFrom('audit_log').select('summary').where('action', '=', 'auth.password_rotated').execute();
        expect(entries.map((entry) => entry.summary)).toEqual(['Password replaced by a new ADMIN_PASSWORD at start-up; every session signed out']);
      } finally {
        await rotated.close();
      }
    } finally {
      // Back to the shared app (whose own ADMIN_PASSWORD now rotates the password again), so afterAll can close it.
      await t.restart();
    }
  });
});
