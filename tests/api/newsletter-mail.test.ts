import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startSmtpServer, type SmtpTestServer } from '../helpers/smtp-test-server';
import { signLink, CONFIRM_LINK_TTL_MS } from '../../src/server/modules/newsletter/newsletter-links';

const PUBLIC_URL = 'https://shop.example.test';
const CHECK_INBOX = { success: true, data: { subscribed: true, checkInbox: true } };

/** The path and query of a link from a mail, to send to the app under test. */
const localPath = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

describe('newsletter with mail: double opt-in and one-click unsubscribe', () => {
  let smtp: SmtpTestServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Showcase <news@example.test>', PUBLIC_URL });
    await t.asAdmin({ method: 'PUT', url: '/api/theme', payload: { primaryColor: '#d9480f' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const subscribe = (email: string, extra: object = {}, remoteAddress = '10.9.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email, ...extra }, remoteAddress });
  const rowOf = (email: string) => t.app.ctx.db.selectFrom('subscribers').selectAll().where('email', '=', email).executeTakeFirst();
  const confirmLinkIn = (text: string) => {
    const match = /https:\/\/shop\.example\.test\/\S*confirm\S*/.exec(text);
    if (!match) throw new Error(`no confirmation link in:\n${text}`);
    return match[0];
  };

  it('stores a pending address and mails a confirmation, text and HTML, in the site name and theme colour', async () => {
    const response = await subscribe('Reader.One@Example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(CHECK_INBOX);
    expect((await rowOf('reader.one@example.com'))?.status).toBe('pending');

    const mail = await smtp.waitForMail('reader.one@example.com');
    expect(mail.from?.text).toContain('news@example.test');
    expect(mail.subject).toContain('Showcase');
    const link = confirmLinkIn(mail.text ?? '');
    expect(link.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    expect(new URL(link).pathname).toContain('confirm');
    expect(mail.html).toBeTruthy();
    expect(mail.html).toContain('#d9480f');
    expect(mail.html).toContain('Showcase');
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));

    // Not counted, and shown as pending, until confirmed.
    const confirmed = await t.asAdmin({ method: 'GET', url: '/api/newsletter/subscribers?status=confirmed&limit=10' });
    expect(confirmed.json().meta.total).toBe(0);

    const page = await t.app.inject({ method: 'GET', url: localPath(link) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('Thank you for subscribing!');
    const row = await rowOf('reader.one@example.com');
    expect(row?.status).toBe('confirmed');
    expect(row?.confirmed_at).toBeTruthy();
    const list = await t.asAdmin({ method: 'GET', url: '/api/newsletter/subscribers?status=confirmed&limit=10' });
    expect(list.json().meta.total).toBe(1);
    expect(list.json().data[0]).toEqual({ id: row!.id, email: 'reader.one@example.com', createdAt: row!.created_at, status: 'confirmed' });

    // Opening the link again thanks again and changes nothing.
    const again = await t.app.inject({ method: 'GET', url: localPath(link) });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Thank you for subscribing!');
  });

  it('re-sends to a pending address at most once per 10 minutes, with the same answer every time', async () => {
    const email = 'pending.twice@example.com';
    expect((await subscribe(email)).json()).toEqual(CHECK_INBOX);
    await smtp.waitForMail(email);
    expect((await subscribe(email, {}, '10.9.0.2')).json()).toEqual(CHECK_INBOX);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mailsTo(email)).toHaveLength(1);

    // Eleven minutes later (moved back in the database) a new mail goes out.
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000).toISOString();
    await t.app.ctx.db.updateTable('subscribers').set({ confirmation_sent_at: elevenMinutesAgo }).where('email', '=', email).execute();
    expect((await subscribe(email, {}, '10.9.0.3')).json()).toEqual(CHECK_INBOX);
    await smtp.waitForMail(email, { after: 1 });
    // A confirmed address gets no mail at all, and the same answer.
    expect((await subscribe('reader.one@example.com', {}, '10.9.0.4')).json()).toEqual(CHECK_INBOX);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mailsTo('reader.one@example.com')).toHaveLength(1);
  });

  it('refuses a confirmation link after 7 days, and a forged or altered one', async () => {
    const email = 'late.reader@example.com';
    await subscribe(email, {}, '10.9.0.5');
    const row = (await rowOf(email))!;
    const eightDaysAgo = Date.now() - CONFIRM_LINK_TTL_MS - 24 * 60 * 60 * 1000;
    const expired = await signLink(t.app.ctx.db, 'confirm', row.id, eightDaysAgo);
    const page = await t.app.inject({ method: 'GET', url: `/newsletter/confirm?token=${expired}` });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This link has expired');
    expect((await rowOf(email))?.status).toBe('pending');

    // Six days old still works.
    const sixDaysAgo = Date.now() - 6 * 24 * 60 * 60 * 1000;
    const fresh = await signLink(t.app.ctx.db, 'confirm', row.id, sixDaysAgo);
    const tampered = fresh.replace(/\.(\d+)\./, (_m, expiry: string) => `.${Number(expiry) + CONFIRM_LINK_TTL_MS}.`);
    expect((await t.app.inject({ method: 'GET', url: `/newsletter/confirm?token=${tampered}` })).statusCode).toBe(404);
    const unsubscribeToken = await signLink(t.app.ctx.db, 'unsubscribe', row.id);
    expect((await t.app.inject({ method: 'GET', url: `/newsletter/confirm?token=${unsubscribeToken}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/newsletter/confirm' })).statusCode).toBe(404);
    expect((await rowOf(email))?.status).toBe('pending');
    expect((await t.app.inject({ method: 'GET', url: `/newsletter/confirm?token=${fresh}` })).statusCode).toBe(200);
    expect((await rowOf(email))?.status).toBe('confirmed');
  });

  it('carries the RFC 8058 headers; a one-click POST unsubscribes at once, a GET shows one button', async () => {
    const email = 'leaving.reader@example.com';
    await subscribe(email, {}, '10.9.0.6');
    const mail = await smtp.waitForMail(email);
    const listUnsubscribe = String(mail.headers.get('list-unsubscribe') ?? '');
    const unsubscribeHeader = mail.headerLines.find((line) => line.key === 'list-unsubscribe')?.line ?? '';
    expect(unsubscribeHeader).toMatch(/^List-Unsubscribe: <https:\/\/shop\.example\.test\/newsletter\/unsubscribe\?token=[^>]+>$/);
    expect(mail.headerLines.find((line) => line.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const url = /<([^>]+)>/.exec(unsubscribeHeader)?.[1] ?? listUnsubscribe;
    await t.app.inject({ method: 'GET', url: localPath(confirmLinkIn(mail.text ?? '')) });

    const page = await t.app.inject({ method: 'GET', url: localPath(url) });
    expect(page.statusCode).toBe(200);
    expect(page.body.match(/<button\b/g)).toHaveLength(1);
    expect(page.body).toContain('>Unsubscribe</button>');
    expect((await rowOf(email))?.status).toBe('confirmed');

    // What a mail client sends for one-click (RFC 8058 §3.1).
    const oneClick = await t.app.inject({
      method: 'POST',
      url: localPath(url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('You have been unsubscribed');
    const row = await rowOf(email);
    expect(row?.status).toBe('unsubscribed');
    expect(row?.unsubscribed_at).toBeTruthy();

    // Still in the owner's list as unsubscribed, and not counted.
    const all = await t.asAdmin({ method: 'GET', url: `/api/newsletter/subscribers?q=${encodeURIComponent(email)}` });
    expect(all.json().data).toEqual([expect.objectContaining({ email, status: 'unsubscribed' })]);
    const confirmed = await t.asAdmin({ method: 'GET', url: `/api/newsletter/subscribers?status=confirmed&q=${encodeURIComponent(email)}&limit=5` });
    expect(confirmed.json().meta.total).toBe(0);

    // A POST without the one-click body changes nothing, and a forged link does nothing.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/newsletter/unsubscribe?token=unsubscribe.x.0.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(404);
  });

  it('an old confirmation link does not bring back an address that unsubscribed; a fresh sign-up does (issue 23)', async () => {
    const email = 'changed.mind@example.com';
    const oneClick = (link: string) =>
      t.app.inject({ method: 'POST', url: localPath(link), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    await subscribe(email, {}, '10.9.0.8');
    const first = await smtp.waitForMail(email);
    const oldLink = localPath(confirmLinkIn(first.text ?? ''));
    const unsubscribeLink = /<([^>]+)>/.exec(String(first.headerLines.find((line) => line.key === 'list-unsubscribe')?.line))![1]!;
    // Confirmed, then unsubscribed: the old link (from the mail, or a copy of it) is refused and changes nothing.
    expect((await t.app.inject({ method: 'GET', url: oldLink })).statusCode).toBe(200);
    expect((await oneClick(unsubscribeLink)).statusCode).toBe(200);
    const replay = await t.app.inject({ method: 'GET', url: oldLink });
    expect(replay.statusCode).toBe(410);
    expect(replay.body).toContain('This link no longer works');
    expect(replay.body).toContain('subscribe again');
    expect((await rowOf(email))?.status).toBe('unsubscribed');

    // Signing up again sends a new link, made after the unsubscribe: that one works, the old one still does not.
    await t.app.ctx.db.updateTable('subscribers').set({ confirmation_sent_at: new Date(Date.now() - 11 * 60_000).toISOString() }).where('email', '=', email).execute();
    expect((await subscribe(email, {}, '10.9.0.9')).json()).toEqual(CHECK_INBOX);
    const second = await smtp.waitForMail(email, { after: 1 });
    expect((await t.app.inject({ method: 'GET', url: oldLink })).statusCode).toBe(410);
    expect((await rowOf(email))?.status).toBe('unsubscribed');
    const fresh = await t.app.inject({ method: 'GET', url: localPath(confirmLinkIn(second.text ?? '')) });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toContain('Thank you for subscribing!');
    expect((await rowOf(email))?.status).toBe('confirmed');
  });

  it('answers a filled honeypot like a person and stores and mails nothing', async () => {
    const email = 'bot@example.com';
    const response = await subscribe(email, { website: 'http://spam.example' }, '10.9.0.7');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(CHECK_INBOX);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await rowOf(email)).toBeUndefined();
    expect(smtp.mailsTo(email)).toHaveLength(0);
  });
});

describe('per-address sign-up limit', () => {
  it('limits how often one address is submitted, from any client, in the database', async () => {
    const t = await startTestApp({ SUBSCRIBE_LIMIT_PER_ADDRESS: '2' });
    try {
      const send = (i: number) =>
        t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'target@example.com' }, remoteAddress: `10.8.0.${i}` });
      expect([(await send(1)).statusCode, (await send(2)).statusCode, (await send(3)).statusCode]).toEqual([200, 200, 429]);
      await t.restart();
      expect((await send(4)).statusCode).toBe(429);
      const other = await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'other@example.com' }, remoteAddress: '10.8.0.4' });
      expect(other.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('stores nothing for a filled honeypot without mail either', async () => {
    const t = await startTestApp();
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'bot2@example.com', website: 'x' } });
      expect(response.json()).toEqual({ success: true, data: { subscribed: true } });
      expect(await t.app.ctx.db.selectFrom('subscribers').selectAll().execute()).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});

describe('a sign-up does the same work for a new and a known address (issue 23)', () => {
  const MAIL_FROM = 'Showcase <news@example.test>';
  const knownRow = (email: string, status: 'confirmed' | 'pending') => {
    const at = new Date(Date.now() - 60_000).toISOString();
    return { id: `known-${status}`, email, created_at: at, status, confirmed_at: status === 'confirmed' ? at : null, unsubscribed_at: null, confirmation_sent_at: at };
  };

  it('same answer, one outbox row each, nothing mailed in the request; the outbox mails only the new address', async () => {
    const smtp = await startSmtpServer();
    const t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM, PUBLIC_URL });
    try {
      const db = t.app.ctx.db;
      await db.insertInto('subscribers').values([knownRow('known.reader@example.com', 'confirmed'), knownRow('waiting.reader@example.com', 'pending')]).execute();
      await t.app.ready();
      // The sender is held so the request's own work can be seen; it runs again below.
      await t.app.ctx.newsletter.mail!.stop();
      const subscribe = (email: string, remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email }, remoteAddress });
      const answers = [
        await subscribe('New.Reader@example.com', '10.7.0.1'),
        await subscribe('known.reader@example.com', '10.7.0.2'),
        await subscribe('waiting.reader@example.com', '10.7.0.3'),
      ];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.body).toBe(JSON.stringify(CHECK_INBOX));
        expect(answer.headers['content-length']).toBe(answers[0]!.headers['content-length']);
      }
      const newRow = await db.selectFrom('subscribers').selectAll().where('email', '=', 'new.reader@example.com').executeTakeFirstOrThrow();
      const queued = await db.selectFrom('mail_outbox').select('subscriber_id').execute();
      expect(queued.map((row) => row.subscriber_id).sort()).toEqual([newRow.id, 'known-confirmed', 'known-pending'].sort());
      expect(smtp.mails).toHaveLength(0);

      t.app.ctx.newsletter.mail!.start();
      await smtp.waitForMail('new.reader@example.com');
      await expect.poll(async () => (await db.selectFrom('mail_outbox').select('id').execute()).length, { timeout: 5000 }).toBe(0);
      // Confirmed: no mail. Pending and mailed a minute ago: not again within 10 minutes.
      expect(smtp.mailsTo('known.reader@example.com')).toHaveLength(0);
      expect(smtp.mailsTo('waiting.reader@example.com')).toHaveLength(0);
      expect(smtp.mails).toHaveLength(1);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('a mail server that is down does not fail the sign-up: the row waits in the outbox and is tried again', async () => {
    const closed = await startSmtpServer();
    const deadUrl = closed.url;
    await closed.close();
    const t = await startTestApp({ SMTP_URL: deadUrl, MAIL_FROM, PUBLIC_URL });
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'patient.reader@example.com' } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(CHECK_INBOX);
      const db = t.app.ctx.db;
      await expect
        .poll(async () => (await db.selectFrom('mail_outbox').selectAll().executeTakeFirst())?.last_error ?? null, { timeout: 8000 })
        .toMatch(/ECONNREFUSED|connect/i);
      const row = (await db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow());
      expect(row.attempts).toBeGreaterThanOrEqual(1);
      expect(Date.parse(row.next_attempt_at)).toBeGreaterThan(Date.now());
      // The next attempt may send at once: nothing counts as sent.
      const subscriber = await db.selectFrom('subscribers').selectAll().where('email', '=', 'patient.reader@example.com').executeTakeFirstOrThrow();
      expect(subscriber.status).toBe('pending');
      expect(subscriber.confirmation_sent_at).toBeNull();
    } finally {
      await t.close();
    }
  });
});
