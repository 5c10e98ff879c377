import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, testConfig, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { buildApp } from '../../src/server/app';
import { startWebhookReceiver, type ReceivedHook, type WebhookReceiver } from '../helpers/webhook-receiver';
import { aProduct } from '../helpers/factories';
import { postWebhook } from '../../src/server/modules/webhooks/webhook-post';

const ALLOW = { WEBHOOK_ALLOW_PRIVATE: 'true' };
const eventsOf = (hooks: ReceivedHook[]) => hooks.map((hook) => JSON.parse(hook.body).event as string);

/** What a receiver does (README): the signed time is recent, and the HMAC of "<t>.<body>" matches. */
function verify(secret: string, hook: ReceivedHook, toleranceS = 300): boolean {
  const header = String(hook.headers['x-showcase-signature']);
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  if (Math.abs(Date.now() / 1000 - Number(match[1])) > toleranceS) return false;
  return createHmac('sha256', secret).update(`${match[1]}.${hook.body}`).digest('hex') === match[2];
}

describe(`content webhooks (${testDatabaseKind})`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const app = async (env: Record<string, string> = ALLOW, options = {}) => {
    const t = await startTestApp(env, { web: false, ...options });
    await t.app.ready();
    cleanups.push(() => t.close());
    return t;
  };
  const receiver = async () => {
    const r = await startWebhookReceiver();
    cleanups.push(() => r.close());
    return r;
  };
  const addEndpoint = async (t: TestApp, r: Pick<WebhookReceiver, 'url'>, events: string[]) => {
    const response = await t.asAdmin({ method: 'POST', url: '/api/webhooks', payload: { url: r.url, description: 'Receiver', events } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; secret: string; url: string; events: string[]; enabled: boolean };
  };
  const PRODUCT_EVENTS = ['product.created', 'product.updated', 'product.published', 'product.unpublished', 'product.deleted'];

  it('signs each event with a timestamp; the body carries id, event, time, the item and what changed', async () => {
    const t = await app();
    const r = await receiver();
    const endpoint = await addEndpoint(t, r, PRODUCT_EVENTS);
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(Object.keys(endpoint).sort()).toEqual(['description', 'enabled', 'events', 'id', 'secret', 'url']);
    const shown = (await t.asAdmin({ url: `/api/webhooks/${endpoint.id}` })).json().data;
    expect(shown).toEqual({ id: endpoint.id, url: r.url, description: 'Receiver', events: PRODUCT_EVENTS, enabled: true });

    const made = (await t.asAdmin({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'hooked', title: 'Hooked' }) })).json().data;
    await t.asAdmin({ method: 'PUT', url: `/api/products/${made.id}`, payload: aProduct({ slug: 'hooked', title: 'Hooked again' }) });
    const hooks = await r.waitFor(2);
    expect(eventsOf(hooks)).toEqual(['product.created', 'product.updated']);
    for (const hook of hooks) {
      const body = JSON.parse(hook.body);
      expect(Object.keys(body)).toEqual(['id', 'event', 'occurredAt', 'data', 'previous']);
      expect(hook.headers['x-showcase-event']).toBe(body.event);
      expect(hook.headers['x-showcase-delivery']).toBe(body.id);
      expect(hook.headers['content-type']).toBe('application/json');
      expect(verify(endpoint.secret, hook)).toBe(true);
      expect(verify('whsec_wrong', hook)).toBe(false);
      // A captured request replayed an hour later is refused by the timestamp check.
      expect(verify(endpoint.secret, hook, -3600)).toBe(false);
      expect(body.data).toMatchObject({ id: made.id, slug: 'hooked' });
    }
    expect(JSON.parse(hooks[1]!.body).previous).toMatchObject({ title: 'Hooked' });
    expect(JSON.parse(hooks[1]!.body).data.title).toBe('Hooked again');

    // The secret is sealed at rest and named nowhere else.
    const stored = await t.app.ctx.db.selectFrom('webhook_endpoints').select('secret').executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(endpoint.secret);
    const audit = JSON.stringify(await t.app.ctx.db.selectFrom('audit_log').selectAll().execute());
    expect(audit).toContain('webhook.create');
    expect(audit).not.toContain(endpoint.secret);
    expect(JSON.stringify(await t.asAdmin({ url: '/api/webhooks' }).then((res) => res.json()))).not.toContain('whsec_');

    // Rotating answers a new secret once; the next event is signed with it.
    const rotated = (await t.asAdmin({ method: 'POST', url: `/api/webhooks/${endpoint.id}/rotate` })).json().data;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
    await t.asAdmin({ method: 'DELETE', url: `/api/products/${made.id}` });
    const [, , deleted] = await r.waitFor(3);
    expect(JSON.parse(deleted!.body)).toMatchObject({ event: 'product.deleted', data: { id: made.id } });
    expect(verify(rotated.secret, deleted!)).toBe(true);
    expect(verify(endpoint.secret, deleted!)).toBe(false);
  });

  it('holds drafts and scheduled items back: published when they go live (by hand or by schedule), updated only while live', async () => {
    const t = await app();
    const r = await receiver();
    await addEndpoint(t, r, PRODUCT_EVENTS);
    const draft = (await t.asAdmin({ method: 'POST', url: '/api/products', payload: { ...aProduct({ slug: 'drafty' }), status: 'draft' } })).json().data;
    await t.asAdmin({ method: 'PUT', url: `/api/products/${draft.id}`, payload: { ...aProduct({ slug: 'drafty', title: 'Still a draft' }), status: 'draft' } });
    await t.asAdmin({ method: 'PUT', url: `/api/products/${draft.id}`, payload: { ...aProduct({ slug: 'drafty' }), status: 'published' } });
    await t.asAdmin({ method: 'PUT', url: `/api/products/${draft.id}`, payload: { ...aProduct({ slug: 'drafty' }), status: 'draft' } });
    const soon = new Date(Date.now() + 1500).toISOString();
    const scheduled = await t.asAdmin({ method: 'POST', url: '/api/products', payload: { ...aProduct({ slug: 'later' }), status: 'scheduled', publishAt: soon } });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    // Re-scheduled before its time: only the last schedule is announced.
    await t.asAdmin({
      method: 'PUT',
      url: `/api/products/${scheduled.json().data.id}`,
      payload: { ...aProduct({ slug: 'later', title: 'Later still' }), status: 'scheduled', publishAt: soon },
    });
    const hooks = await r.waitFor(3, 10_000);
    expect(eventsOf(hooks)).toEqual(['product.published', 'product.unpublished', 'product.published']);
    const live = JSON.parse(hooks[2]!.body);
    expect(live.data).toMatchObject({ slug: 'later', title: 'Later still' });
    expect(live.occurredAt).toBe(soon);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(r.received).toHaveLength(3);
  });

  it('retries a failing receiver within a minute, keeps each item in order, shows the log and sends a delivery again', async () => {
    const t = await app();
    const r = await receiver();
    const endpoint = await addEndpoint(t, r, ['tag.created', 'tag.updated']);
    r.answer(500);
    const tag = (await t.asAdmin({ method: 'POST', url: '/api/tags', payload: { title: 'First' } })).json().data;
    await r.waitFor(1);
    await t.asAdmin({ method: 'PUT', url: `/api/tags/${tag.id}`, payload: { title: 'Second' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The update waits behind the failed create of the same item.
    expect(eventsOf(r.received)).toEqual(['tag.created']);
    const log = (await t.asAdmin({ url: `/api/webhooks/${endpoint.id}/deliveries` })).json().data;
    expect(log.map((d: { event: string; state: string }) => [d.event, d.state])).toEqual([['tag.updated', 'pending'], ['tag.created', 'retrying']]);
    expect(log[1]).toMatchObject({ responseStatus: 500, responseBody: 'failing', attempts: 1 });
    expect(Date.parse(log[1].nextAttemptAt) - Date.parse(log[1].lastAttemptAt)).toBeLessThanOrEqual(60_000);
    r.answer(200);
    const hooks = await r.waitFor(3, 15_000);
    expect(eventsOf(hooks)).toEqual(['tag.created', 'tag.created', 'tag.updated']);
    expect(hooks[0]!.headers['x-showcase-delivery']).toBe(hooks[1]!.headers['x-showcase-delivery']);
    await t.app.ctx.webhooks.settle();

    const paged = (await t.asAdmin({ url: `/api/webhooks/${endpoint.id}/deliveries?limit=1` })).json();
    expect(paged.meta.total).toBe(2);
    expect(paged.data[0]).toMatchObject({ event: 'tag.updated', state: 'delivered', responseStatus: 200, responseBody: 'ok' });
    const again = await t.asAdmin({ method: 'POST', url: `/api/webhooks/${endpoint.id}/deliveries/${paged.data[0].id}/retry` });
    expect(again.statusCode, again.body).toBe(200);
    const [, , , resent] = await r.waitFor(4);
    expect(resent!.headers['x-showcase-delivery']).toBe(hooks[2]!.headers['x-showcase-delivery']);
    expect((await t.asAdmin({ method: 'POST', url: `/api/webhooks/${endpoint.id}/deliveries/00000000-0000-4000-8000-000000000000/retry` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/webhooks/${endpoint.id}/deliveries` })).statusCode).toBe(401);
  });

  it('delivers what was queued before a restart, and a test event on "Send test"', async () => {
    const t = await app();
    const r = await receiver();
    const endpoint = await addEndpoint(t, r, ['tag.created']);
    r.answer(503);
    await t.asAdmin({ method: 'POST', url: '/api/tags', payload: { title: 'Survivor' } });
    await r.waitFor(1);
    await t.restart();
    await t.app.ready();
    r.answer(200);
    const test = await t.asAdmin({ method: 'POST', url: `/api/webhooks/${endpoint.id}/test` });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json().data).toMatchObject({ event: 'ping', state: 'pending' });
    const hooks = await r.waitFor(3, 15_000);
    expect(eventsOf(hooks).sort()).toEqual(['ping', 'tag.created', 'tag.created']);
    const ping = hooks.find((hook) => JSON.parse(hook.body).event === 'ping')!;
    expect(verify(endpoint.secret, ping)).toBe(true);
  });

  it('tells of a contact form submission (form.submitted) in the submission\'s own transaction', async () => {
    const t = await app();
    const r = await receiver();
    await addEndpoint(t, r, ['form.submitted']);
    const page = (
      await t.asAdmin({ method: 'POST', url: '/api/pages', payload: { title: 'Contact', slug: 'contact-hook', status: 'published', blocks: [{ type: 'contactForm' }] } })
    ).json().data as { id: string; blocks: { id: string }[] };
    const url = `/api/forms/${page.id}/${page.blocks[0]!.id}/submissions`;
    const refused = await t.app.inject({ method: 'POST', url, payload: { name: 'Ada', email: 'not an address', message: 'Hi' } });
    expect(refused.statusCode).toBe(400);
    const sent = await t.app.inject({ method: 'POST', url, payload: { name: 'Ada', email: 'ada@example.com', message: 'Do you ship to Norway?' } });
    expect(sent.statusCode, sent.body).toBe(201);
    const [hook] = await r.waitFor(1);
    const body = JSON.parse(hook!.body);
    expect(body).toMatchObject({ event: 'form.submitted', data: { id: sent.json().data.id, pageId: page.id, email: 'ada@example.com', message: 'Do you ship to Norway?' } });
    // The refused submission queued nothing: one row for this endpoint.
    expect(await t.app.ctx.db.selectFrom('webhook_deliveries').select('id').execute()).toHaveLength(1);
  });

  it('switches an endpoint off after a day of failures and says why (clock injected)', async () => {
    let offset = 0;
    const t = await app(ALLOW, { webhookNow: () => Date.now() + offset });
    const r = await receiver();
    r.answer(500);
    const endpoint = await addEndpoint(t, r, ['tag.created']);
    await t.asAdmin({ method: 'POST', url: '/api/tags', payload: { title: 'Doomed' } });
    await r.waitFor(1);
    offset = 25 * 60 * 60 * 1000;
    t.app.ctx.webhooks.wake();
    await r.waitFor(2, 10_000);
    let shown = (await t.asAdmin({ url: `/api/webhooks/${endpoint.id}` })).json().data;
    for (let i = 0; i < 50 && shown.enabled; i += 1) {
      await t.app.ctx.webhooks.settle();
      shown = (await t.asAdmin({ url: `/api/webhooks/${endpoint.id}` })).json().data;
    }
    expect(shown.enabled).toBe(false);
    expect(shown.disabledReason).toMatch(/failed for 24 hours.*HTTP 500/);
    const log = (await t.asAdmin({ url: `/api/webhooks/${endpoint.id}/deliveries` })).json().data;
    expect(log[0]).toMatchObject({ state: 'failed', error: 'HTTP 500' });
    // Switched off, it gets nothing; switched on again, it does.
    await t.asAdmin({ method: 'POST', url: '/api/tags', payload: { title: 'Unheard' } });
    const on = (await t.asAdmin({ method: 'PUT', url: `/api/webhooks/${endpoint.id}`, payload: { enabled: true } })).json().data;
    expect(on).toEqual({ id: endpoint.id, url: r.url, description: 'Receiver', events: ['tag.created'], enabled: true });
    expect(await t.app.ctx.db.selectFrom('webhook_deliveries').select('event').execute()).toHaveLength(1);
  });

  it.runIf(testDatabaseKind === 'postgres')('wakes the dispatcher of another copy through the content notification', async () => {
    const t = await app();
    const second = await buildApp(testConfig(t.env, ALLOW), { web: false });
    cleanups.push(() => second.close());
    await second.ready();
    // This copy sends nothing: the delivery is for the other copy to hear of and send. That one knew of no
    // endpoint when it started, so it waits for a wake and reads nothing meanwhile.
    await t.app.ctx.webhooks.stop();
    const r = await receiver();
    await addEndpoint(t, r, ['tag.created']);
    await t.asAdmin({ method: 'POST', url: '/api/tags', payload: { title: 'Told elsewhere' } });
    expect(eventsOf(await r.waitFor(1, 5_000))).toEqual(['tag.created']);
  });

  it('a dead receiver holds up no other endpoint', async () => {
    const t = await app();
    const hanging = http.createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          hanging.closeAllConnections();
          hanging.close(() => resolve());
        }),
    );
    await addEndpoint(t, { url: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hook` }, ['tag.created']);
    const r = await receiver();
    await addEndpoint(t, r, ['tag.created']);
    for (const title of ['One', 'Two', 'Three']) await t.asAdmin({ method: 'POST', url: '/api/tags', payload: { title } });
    expect(eventsOf(await r.waitFor(3, 5_000))).toEqual(['tag.created', 'tag.created', 'tag.created']);
  });

  it('refuses loopback, private, link-local and metadata addresses at save and at connect time', async () => {
    const t = await app({});
    const refused = async (url: string) => {
      const response = await t.asAdmin({ method: 'POST', url: '/api/webhooks', payload: { url, events: ['ping'] } });
      expect(response.statusCode, url).toBe(400);
      return response.json().error as string;
    };
    expect(await refused('http://127.0.0.1:8080/hook')).toMatch(/^url: /);
    expect(await refused('http://localhost:8080/hook')).toMatch(/private/);
    expect(await refused('http://169.254.169.254/latest/meta-data')).toMatch(/private/);
    expect(await refused('http://10.1.2.3/')).toMatch(/private/);
    expect(await refused('http://[::1]:80/')).toMatch(/private/);
    expect(await refused('http://[::ffff:127.0.0.1]/')).toMatch(/private/);
    expect(await refused('ftp://example.com/')).toMatch(/http/);
    expect((await t.asAdmin({ method: 'POST', url: '/api/webhooks', payload: { url: 'https://hooks.example.com/x', events: ['nope.event'] } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/webhooks', payload: { url: 'https://hooks.example.com/x', events: ['ping'] } })).statusCode).toBe(401);

    // At connect time the name is resolved again and checked: a name that resolves to loopback is not connected to.
    const r = await receiver();
    const byName = r.url.replace('127.0.0.1', 'localhost');
    const outcome = await postWebhook(byName, { 'Content-Type': 'application/json' }, '{}', false);
    expect(outcome.status).toBeNull();
    expect(outcome.error).toMatch(/resolves to .*private/);
    expect(r.received).toHaveLength(0);
    expect((await postWebhook(r.url, {}, '{}', false)).error).toMatch(/private/);
    expect((await postWebhook(byName, {}, '{}', true)).status).toBe(200);
  });

  it('does not follow redirects and reads at most 64 KB of an answer', async () => {
    const server = http.createServer((request, response) => {
      if (request.url === '/redirect') response.writeHead(302, { location: '/elsewhere' }).end('moved');
      else if (request.url === '/big') response.writeHead(200).end('x'.repeat(1024 * 1024));
      else response.writeHead(200).end('followed');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const moved = await postWebhook(`${base}/redirect`, {}, '{}', true);
    expect(moved).toMatchObject({ status: 302, excerpt: 'moved' });
    const big = await postWebhook(`${base}/big`, {}, '{}', true);
    expect(big.status).toBe(200);
    expect(big.excerpt!.length).toBeLessThanOrEqual(500);
  });
});
