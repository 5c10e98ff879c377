import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';

describe('health and server failures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('answers 200 while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: 'ok', database: testDatabaseKind } });
  });

  it('is ready when a write commits: the checks say what was checked', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        status: 'ready',
        database: testDatabaseKind,
        checks: {
          write: 'ok',
          disk: { freeBytes: expect.any(Number), ok: true },
          notifications: testDatabaseKind === 'postgres' ? 'listening' : 'off',
        },
      },
    });
    const probes = await t.app.ctx.db.selectFrom('health_probe').selectAll().execute();
    expect(probes).toHaveLength(1);
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().success).toBe(false);
  });

  it('when the database is gone: health says 503, and a 500 shows no internals', async () => {
    await t.app.ctx.db.destroy();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ success: false, error: 'Database unavailable' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.json()).toEqual({ success: false, error: expect.stringMatching(/^Not ready: database writes fail/) });

    const failure = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(failure.statusCode).toBe(500);
    expect(failure.json()).toEqual({ success: false, error: 'Internal server error' });
    expect(failure.body).not.toMatch(/at .*\.ts|destroyed|select|stack/i);
  });
});
