import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app';
import { loggableUrl } from '../../src/server/http/logging';

describe('request logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: 'info' }, { web: false, logStream: sink });
  });
  afterAll(async () => t.close());

  it('writes one JSON line per write, with method, path, status and time; reads only at debug (the cached path stays cheap)', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'POST', url: '/api/auth/verify' });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const entries = lines.map((line) => JSON.parse(line));
    const writeLines = entries.filter((entry) => entry.url === '/api/auth/verify');
    expect(writeLines).toHaveLength(1);
    expect(writeLines[0]).toMatchObject({ method: 'POST', statusCode: 401, msg: expect.stringMatching(/^POST \/api\/auth\/verify 401 [\d.]+ ms$/) });
    // The request's own logger (made only when the request logs) carries its id.
    expect(writeLines[0].reqId).toEqual(expect.any(String));
    expect(entries.filter((entry) => entry.url === '/api/health')).toHaveLength(0);
  });

  it('never logs a password, a token or a two-factor code', async () => {
    lines.length = 0;
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD } });
    const token = login.json().data.token as string;
    await t.app.inject({ method: 'POST', url: '/api/auth/verify', headers: { authorization: `Bearer ${token}`, cookie: `session=${token}` } });
    await t.app.inject({
      method: 'PUT',
      url: `/api/auth/password?token=${token}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { currentPassword: ADMIN_PASSWORD, newPassword: 'password1234' },
    });
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'a-wrong-secret-guess', code: '123456' } });
    // A failure inside a route is logged with its error.
    t.app.log.info({ req: { headers: { authorization: `Bearer ${token}` } }, body: { password: ADMIN_PASSWORD, token } }, 'object with secrets');
    const all = lines.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(5);
    for (const secret of [ADMIN_PASSWORD, token, 'password1234', 'a-wrong-secret-guess']) expect(all).not.toContain(secret);
    expect(all).toContain('[redacted]');
  });

  it('hides secret-looking query values', () => {
    expect(loggableUrl('/api/x?token=abc&page=2')).toBe('/api/x?token=%5Bredacted%5D&page=2');
    expect(loggableUrl('/api/x')).toBe('/api/x');
  });
});
