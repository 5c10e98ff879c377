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

    const failure = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(failure.statusCode).toBe(500);
    expect(failure.json()).toEqual({ success: false, error: 'Internal server error' });
    expect(failure.body).not.toMatch(/at .*\.ts|destroyed|select|stack/i);
  });
});
