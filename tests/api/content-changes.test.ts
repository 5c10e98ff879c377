import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import type { ContentChange } from '../../src/server/content/changes';
import { aTag } from '../helpers/factories';

/** Every content write is announced once, through one event, with what it changed and who made it. */
describe('content change events', () => {
  let t: TestApp;
  const seen: ContentChange[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    t.app.ctx.contentEvents.on('change', (change) => seen.push(change));
  });
  afterAll(() => t.close());

  const last = () => seen.at(-1)!;

  it('carries entity, action, id, before, after and the admin actor for every kind of write', async () => {
    const created = (await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title: 'Beginner' }) })).json().data;
    expect(last()).toMatchObject({ entity: 'tag', action: 'create', id: created.id, before: null, after: { title: 'Beginner' } });
    expect(last().actor).toEqual({ kind: 'admin', ip: '127.0.0.1' });

    await t.asAdmin({ method: 'PUT', url: `/api/tags/${created.id}`, payload: { title: 'Starter' } });
    expect(last()).toMatchObject({ entity: 'tag', action: 'update', before: { title: 'Beginner' }, after: { title: 'Starter' } });

    await t.asAdmin({ method: 'PUT', url: '/api/theme', payload: { primaryColor: '#112233', newsletterImage: '' } });
    expect(last()).toMatchObject({ entity: 'theme', action: 'update', id: null, after: { primaryColor: '#112233' } });

    await t.asAdmin({ method: 'DELETE', url: `/api/tags/${created.id}` });
    expect(last()).toMatchObject({ entity: 'tag', action: 'delete', id: created.id, before: { title: 'Starter' }, after: null });
    expect(seen).toHaveLength(4);
  });

  it('announces nothing for a refused write', async () => {
    const count = seen.length;
    const response = await t.asAdmin({ method: 'PUT', url: '/api/tags/00000000-0000-4000-8000-000000000000', payload: { title: 'Nope' } });
    expect(response.statusCode).toBe(404);
    expect(seen).toHaveLength(count);
  });
});
