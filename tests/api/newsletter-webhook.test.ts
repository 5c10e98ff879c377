import { createHmac } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { startSmtpServer } from '../helpers/smtp-test-server';
import { claimDue, enqueueChange } from '../../src/server/modules/newsletter/webhook-outbox';

const SECRET = 'provider-shared-secret-123';
const sign = (body: string) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
const eventsOf = (hooks: { body: string }[]) => hooks.map((hook) => JSON.parse(hook.body).event as string);

describe('newsletter webhook', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup(receiver: WebhookReceiver, extra: Record<string, string> = {}): Promise<TestApp> {
    const t = await startTestApp({ NEWSLETTER_WEBHOOK_URL: receiver.url, NEWSLETTER_WEBHOOK_SECRET: SECRET, ...extra });
    cleanups.push(() => t.close());
    return t;
  }
  const receiverFor = async (port = 0) => {
    const receiver = await startWebhookReceiver(port);
    cleanups.push(() => receiver.close());
    return receiver;
  };
  const subscribe = (t: TestApp, email: string) =>
    t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email }, remoteAddress: '10.7.0.1' });

  it('POSTs every change as signed JSON, in order per subscriber, pending included', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const receiver = await receiverFor();
    const t = await setup(receiver, { SMTP_URL: smtp.url, MAIL_FROM: 'news@example.test', PUBLIC_URL: 'http://localhost:3000' });
    await subscribe(t, 'Hook.Reader@example.com');
    const mail = await smtp.waitForMail('hook.reader@example.com');
    const confirm = new URL(/http:\/\/localhost:3000\/\S*confirm\S*/.exec(mail.text ?? '')![0]);
    await t.app.inject({ method: 'GET', url: `${confirm.pathname}${confirm.search}` });
    const unsubscribe = new URL(/<([^>]+)>/.exec(mail.headerLines.find((line) => line.key === 'list-unsubscribe')!.line)![1]!);
    await t.app.inject({
      method: 'POST',
      url: `${unsubscribe.pathname}${unsubscribe.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    const id = (await t.app.ctx.db.selectFrom('subscribers').select('id').executeTakeFirstOrThrow()).id;
    await t.asAdmin({ method: 'DELETE', url: `/api/newsletter/subscribers/${id}` });

    const hooks = await receiver.waitFor(4);
    expect(eventsOf(hooks)).toEqual(['subscriber.created', 'subscriber.confirmed', 'subscriber.unsubscribed', 'subscriber.deleted']);
    const bodies = hooks.map((hook) => JSON.parse(hook.body));
    expect(Object.keys(bodies[0])).toEqual(['event', 'id', 'email', 'status', 'occurredAt']);
    expect(bodies.map((body) => body.status)).toEqual(['pending', 'confirmed', 'unsubscribed', 'deleted']);
    for (const [index, hook] of hooks.entries()) {
      expect(hook.headers['content-type']).toBe('application/json');
      expect(hook.headers['x-showcase-signature']).toBe(sign(hook.body));
      expect(bodies[index]).toMatchObject({ id, email: 'hook.reader@example.com' });
      expect(new Date(bodies[index].occurredAt).toISOString()).toBe(bodies[index].occurredAt);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(4);

    const deliveries = await t.asAdmin({ method: 'GET', url: '/api/newsletter/webhook-deliveries' });
    expect(deliveries.json().data.configured).toBe(true);
    expect(deliveries.json().data.deliveries.map((d: { event: string; state: string; lastStatus: number }) => [d.event, d.state, d.lastStatus])).toEqual([
      ['subscriber.deleted', 'delivered', 200],
      ['subscriber.unsubscribed', 'delivered', 200],
      ['subscriber.confirmed', 'delivered', 200],
      ['subscriber.created', 'delivered', 200],
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/newsletter/webhook-deliveries' })).statusCode).toBe(401);
  });

  it('retries a failing receiver within a minute and keeps each subscriber in order', async () => {
    const receiver = await receiverFor();
    receiver.answer(500);
    const t = await setup(receiver);
    await subscribe(t, 'retry.reader@example.com');
    const id = (await t.app.ctx.db.selectFrom('subscribers').select('id').executeTakeFirstOrThrow()).id;
    await t.asAdmin({ method: 'DELETE', url: `/api/newsletter/subscribers/${id}` });
    const [first] = await receiver.waitFor(1);
    expect(JSON.parse(first!.body).event).toBe('subscriber.created');
    // The deletion waits behind the undelivered creation.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(eventsOf(receiver.received)).toEqual(['subscriber.created']);
    const failing = (await t.asAdmin({ method: 'GET', url: '/api/newsletter/webhook-deliveries' })).json().data.deliveries;
    expect(failing.find((d: { event: string }) => d.event === 'subscriber.created')).toMatchObject({ state: 'retrying', attempts: 1, lastStatus: 500, lastError: 'HTTP 500' });

    receiver.answer(200);
    const startedWaiting = Date.now();
    const hooks = await receiver.waitFor(3, 60_000);
    expect(Date.now() - startedWaiting).toBeLessThan(60_000);
    expect(eventsOf(hooks)).toEqual(['subscriber.created', 'subscriber.created', 'subscriber.deleted']);
    expect(hooks[1]!.body).toBe(hooks[0]!.body);
  });

  it('delivers what was left undelivered after a restart', async () => {
    const probe = await startWebhookReceiver();
    const port = Number(new URL(probe.url).port);
    await probe.close();
    // Nothing listens on the webhook's port: the first attempt fails to connect.
    const t = await startTestApp({ NEWSLETTER_WEBHOOK_URL: probe.url, NEWSLETTER_WEBHOOK_SECRET: SECRET });
    cleanups.push(() => t.close());
    await subscribe(t, 'restart.reader@example.com');
    const failedOnce = async () =>
      (await t.app.ctx.db.selectFrom('webhook_outbox').select('last_error').executeTakeFirstOrThrow()).last_error !== null;
    for (let i = 0; i < 100 && !(await failedOnce()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const row = await t.app.ctx.db.selectFrom('webhook_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.delivered_at).toBeNull();
    expect(row.last_error).toBeTruthy();

    const receiver = await receiverFor(port);
    await t.restart();
    // Started as `main` starts it (listen makes the app ready); no request is needed to wake the deliverer.
    await t.app.ready();
    const [hook] = await receiver.waitFor(1, 30_000);
    expect(JSON.parse(hook!.body)).toMatchObject({ event: 'subscriber.created', email: 'restart.reader@example.com', status: 'confirmed' });
    expect(hook!.headers['x-showcase-signature']).toBe(sign(hook!.body));
  });

  it('lets several deliverers claim at once without sending a change twice', async () => {
    const receiver = await receiverFor();
    // The test claims by hand, as other copies of the app would, alongside the app's own deliverer.
    const t = await setup(receiver);
    const db = t.app.ctx.db;
    const occurredAt = new Date(Date.now() - 60_000).toISOString();
    for (let i = 0; i < 40; i++) {
      await enqueueChange(db, { event: 'subscriber.created', subscriber: { id: `s${i}`, email: `c${i}@example.com`, status: 'confirmed' }, occurredAt });
    }
    const claims = await Promise.all([claimDue(db, t.app.ctx.dbKind, 15), claimDue(db, t.app.ctx.dbKind, 15), claimDue(db, t.app.ctx.dbKind, 15)]);
    const ids = claims.flat().map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
