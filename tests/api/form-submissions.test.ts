import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startSmtpServer, type SmtpTestServer } from '../helpers/smtp-test-server';
import type { SitePage } from '../../src/shared/schemas/page';
import { defaultSiteSettings } from '../../src/shared/schemas/site-settings';

const contactPage = (status = 'published') => ({
  title: 'Contact',
  slug: `contact-${Math.random().toString(36).slice(2, 8)}`,
  status,
  blocks: [
    { type: 'richText', html: '<p>Write to us.</p>' },
    {
      type: 'contactForm',
      fields: [
        { name: 'topic', label: 'Topic', type: 'choice', required: true, options: ['Order', 'Press'] },
        { name: 'newsletter', label: 'Send me news', type: 'checkbox' },
      ],
      consentText: 'We keep your message to answer it.',
      successMessage: 'Thanks, we will write back soon.',
    },
  ],
});

async function makeForm(t: TestApp, status = 'published') {
  const page = (await t.asAdmin({ method: 'POST', url: '/api/pages', payload: contactPage(status) })).json().data as SitePage;
  return { page, url: `/api/forms/${page.id}/${page.blocks[1]!.id}/submissions` };
}

const message = { name: 'Ada Visitor', email: 'ada@example.com', message: 'Do you ship to Norway?', topic: 'Order', newsletter: 'on' };

describe('contact forms', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Showcase <shop@example.test>', SUBSCRIBE_LIMIT_PER_IP: '6' });
    const saved = await t.asAdmin({ method: 'PUT', url: '/api/site-settings', payload: { ...defaultSiteSettings, name: 'Showcase', contactEmail: 'owner@example.com' } });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('stores a submission (201), lists it unread, mails the owner with reply-to the sender, then opens, exports and deletes it', async () => {
    const { page, url } = await makeForm(t);
    const sent = await t.app.inject({ method: 'POST', url, payload: message });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data.message).toBe('Thanks, we will write back soon.');

    const mail = await smtp.waitForMail('owner@example.com');
    expect(mail.text).toContain('Do you ship to Norway?');
    expect(mail.text).toContain('Topic: Order');
    expect(mail.replyTo?.value[0]?.address).toBe('ada@example.com');

    const list = (await t.asAdmin({ method: 'GET', url: '/api/form-submissions' })).json().data;
    const stored = list.find((row: { id: string }) => row.id === sent.json().data.id);
    expect(stored).toMatchObject({ pageId: page.id, pageTitle: 'Contact', name: 'Ada Visitor', email: 'ada@example.com', read: false });
    expect(stored.fields).toEqual([{ name: 'topic', label: 'Topic', value: 'Order' }, { name: 'newsletter', label: 'Send me news', value: 'yes' }]);
    const opened = await t.asAdmin({ method: 'GET', url: `/api/form-submissions/${stored.id}` });
    expect(opened.json().data.read).toBe(true);
    expect((await t.asAdmin({ method: 'GET', url: '/api/form-submissions?q=norway&limit=5' })).json().data.map((row: { id: string }) => row.id)).toContain(stored.id);

    const csv = await t.asAdmin({ method: 'GET', url: '/api/form-submissions.csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('createdAt,page,name,email,message,fields,read');
    expect(csv.body).toContain('Ada Visitor,ada@example.com,Do you ship to Norway?');

    expect((await t.asAdmin({ method: 'DELETE', url: `/api/form-submissions/${stored.id}` })).json().data).toEqual({ id: stored.id, deleted: true });
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/form-submissions/${stored.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/form-submissions' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/form-submissions.csv' })).statusCode).toBe(401);
  });

  it('answers 400 naming the field: a bad e-mail, a message over 5,000 characters, a missing required extra field', async () => {
    const { url } = await makeForm(t);
    const badEmail = await t.app.inject({ method: 'POST', url, payload: { ...message, email: 'not-an-address' } });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toMatch(/^email: /);
    const long = await t.app.inject({ method: 'POST', url, payload: { ...message, message: 'x'.repeat(5001) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatch(/^message: /);
    const noTopic = await t.app.inject({ method: 'POST', url, payload: { ...message, topic: '' } });
    expect(noTopic.statusCode).toBe(400);
    expect(noTopic.json().error).toBe('topic: is required');
    const badChoice = await t.app.inject({ method: 'POST', url, payload: { ...message, topic: 'Spam' } });
    expect(badChoice.json().error).toMatch(/^topic: /);
  });

  it('a draft page or an unknown block has no form (404); a filled honeypot keeps nothing', async () => {
    const draft = await makeForm(t, 'draft');
    expect((await t.app.inject({ method: 'POST', url: draft.url, payload: message })).statusCode).toBe(404);
    const { page } = await makeForm(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/forms/${page.id}/${page.blocks[0]!.id}/submissions`, payload: message })).statusCode).toBe(404);
    const before = (await t.asAdmin({ method: 'GET', url: '/api/form-submissions' })).json().data.length;
    const bot = await t.app.inject({ method: 'POST', url: `/api/forms/${page.id}/${page.blocks[1]!.id}/submissions`, payload: { ...message, website: 'http://spam.example' } });
    expect(bot.statusCode).toBe(201);
    expect((await t.asAdmin({ method: 'GET', url: '/api/form-submissions' })).json().data.length).toBe(before);
  });

  it('limits one client per minute in the database (429 with Retry-After)', async () => {
    const { url } = await makeForm(t);
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) answers.push((await t.app.inject({ method: 'POST', url, payload: message, remoteAddress: '203.0.113.9' })).statusCode);
    expect(answers.filter((status) => status === 201).length).toBe(6);
    const refused = await t.app.inject({ method: 'POST', url, payload: message, remoteAddress: '203.0.113.9' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('contact form mail that cannot be sent', () => {
  it('keeps the submission and its mail pending in the outbox', async () => {
    const t = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'Showcase <shop@example.test>' });
    try {
      await t.asAdmin({ method: 'PUT', url: '/api/site-settings', payload: { ...defaultSiteSettings, name: 'Showcase', contactEmail: 'owner@example.com' } });
      const { url } = await makeForm(t);
      const sent = await t.app.inject({ method: 'POST', url, payload: message });
      expect(sent.statusCode, sent.body).toBe(201);
      const id = sent.json().data.id as string;
      // The sender tries, fails, and leaves the row for a later attempt.
      for (let i = 0; i < 100; i++) {
        const row = await t.app.ctx.db.selectFrom('form_submissions').select(['mail_attempts', 'mail_status', 'mail_last_error']).where('id', '=', id).executeTakeFirstOrThrow();
        if (row.mail_last_error) {
          expect(row.mail_status).toBe('pending');
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const stored = (await t.asAdmin({ method: 'GET', url: `/api/form-submissions/${id}` })).json().data;
      expect(stored).toMatchObject({ id, mailStatus: 'pending', message: 'Do you ship to Norway?' });
    } finally {
      await t.close();
    }
  });
});
