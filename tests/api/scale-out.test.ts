import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { ADMIN_PASSWORD, createTestEnv, testConfig, testDatabaseKind, type TestEnv } from '../helpers/test-app';

// Two copies of the app on one PostgreSQL database, as behind a load balancer.
describe.runIf(testDatabaseKind === 'postgres')('several copies on one PostgreSQL', () => {
  let env: TestEnv;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    env = await createTestEnv();
    first = await buildApp(testConfig(env), { web: false });
    second = await buildApp(testConfig(env), { web: false });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await env?.destroy();
  });

  const login = async (app: FastifyInstance) =>
    (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD } })).json().data.token as string;

  it('shares sessions: a token from one copy works on the other, and logout on one revokes it on both', async () => {
    const token = await login(first);
    const verify = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/auth/verify', headers: { authorization: `Bearer ${token}` } });
    expect((await verify(second)).statusCode).toBe(200);
    await second.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect((await verify(first)).statusCode).toBe(401);
  });

  it('shares the login lock-out', async () => {
    const address = '10.20.30.40';
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? first : second;
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'wrong' }, remoteAddress: address });
    }
    const locked = await first.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD }, remoteAddress: address });
    expect(locked.statusCode).toBe(429);
  });

  it('tells the other copy about a write, so it drops its cached pages', async () => {
    const before = second.ctx.contentEvents.current;
    const changed = new Promise<void>((resolve) => second.ctx.contentEvents.once('version', () => resolve()));
    const token = await login(first);
    const response = await first.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { authorization: `Bearer ${token}` },
      payload: { title: 'Shared between copies' },
    });
    expect(response.statusCode).toBe(201);
    await changed;
    expect(second.ctx.contentEvents.current).toBeGreaterThan(before);
    const seen = await second.inject({ method: 'GET', url: `/api/tags/${response.json().data.id}` });
    expect(seen.json().data.title).toBe('Shared between copies');
  });

  it('says which kind of write it was: the other copy keeps its catalogue figures through an about edit, not through a tag write', async () => {
    const events = second.ctx.contentEvents;
    const nextVersion = () => new Promise<void>((resolve) => events.once('version', () => resolve()));
    const token = await login(first);
    const catalogue = events.catalogueVersion;
    let changed = nextVersion();
    const about = await first.inject({ method: 'PUT', url: '/api/about', headers: { authorization: `Bearer ${token}` }, payload: { heroConfig: { title: 'About' }, content: '<p>Hi</p>' } });
    expect(about.statusCode, about.body).toBe(200);
    await changed;
    expect(events.catalogueVersion).toBe(catalogue);
    changed = nextVersion();
    await first.inject({ method: 'POST', url: '/api/tags', headers: { authorization: `Bearer ${token}` }, payload: { title: 'Moves the catalogue' } });
    await changed;
    expect(events.catalogueVersion).toBeGreaterThan(catalogue);
  });
});
