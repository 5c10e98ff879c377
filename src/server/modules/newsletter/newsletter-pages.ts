import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { PRIVATE_NO_STORE } from '../../cdn/cache-control';
import { getSiteSettings } from '../site/site-settings.service';
import { getTheme } from '../site/site.service';
import { CONFIRM_PATH, UNSUBSCRIBE_PATH } from './newsletter-links';
import { newsletterPageHtml, type NewsletterPage } from './newsletter-page';
import { confirmSubscription, isUnsubscribeLink, unsubscribe, type LinkOutcome } from './subscription.service';

type Query = { token?: string };

const CONFIRM_TEXTS: Record<LinkOutcome, { status: number; title: string; message: string }> = {
  done: { status: 200, title: 'Thank you for subscribing!', message: 'Your subscription is confirmed. New tutorials, courses and offers will come straight to your inbox.' },
  already: { status: 200, title: 'Thank you for subscribing!', message: 'Your subscription was already confirmed. There is nothing more to do.' },
  expired: { status: 410, title: 'This link has expired', message: 'Confirmation links work for 7 days. Please subscribe again on our website to get a new one.' },
  invalid: { status: 404, title: 'This link is not valid', message: 'Please check that you opened the whole link from the e-mail, or subscribe again on our website.' },
  withdrawn: { status: 410, title: 'This link no longer works', message: 'This address was unsubscribed after the link was sent. To receive our newsletter again, please subscribe again on our website.' },
};

const UNSUBSCRIBE_TEXTS: Record<LinkOutcome, { status: number; title: string; message: string }> = {
  done: { status: 200, title: 'You have been unsubscribed', message: 'You will not receive our newsletter any more. Sorry to see you go.' },
  already: { status: 200, title: 'You have been unsubscribed', message: 'This address was already unsubscribed. You will not receive our newsletter.' },
  expired: { status: 404, title: 'This link is not valid', message: 'Please check that you opened the whole link from the e-mail.' },
  invalid: { status: 404, title: 'This link is not valid', message: 'Please check that you opened the whole link from the e-mail.' },
  withdrawn: { status: 404, title: 'This link is not valid', message: 'Please check that you opened the whole link from the e-mail.' },
};

/**
 * The pages that links in newsletter mail open: confirming a sign-up, and
 * unsubscribing (RFC 8058: a GET shows one button, a POST with
 * `List-Unsubscribe=One-Click`, which mail clients send, unsubscribes at once).
 * Public by nature (outside /api), never cached: each answer is about one person.
 */
export const newsletterPages: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;
  const newsletter = app.ctx.newsletter;

  // One-click requests are form posts; nothing else on the site takes them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const render = async (reply: FastifyReply, status: number, page: Omit<NewsletterPage, 'siteName' | 'primaryColor'>) => {
    const [theme, site] = await Promise.all([getTheme(db), getSiteSettings(db)]);
    return reply
      .status(status)
      .header('Cache-Control', PRIVATE_NO_STORE)
      .type('text/html; charset=utf-8')
      .send(newsletterPageHtml({ ...page, siteName: site.name, primaryColor: theme.primaryColor }));
  };

  app.get<{ Querystring: Query }>(CONFIRM_PATH, async (request, reply) => {
    const outcome = await confirmSubscription(newsletter, request.query.token);
    const text = CONFIRM_TEXTS[outcome];
    return render(reply, text.status, text);
  });

  app.get<{ Querystring: Query }>(UNSUBSCRIBE_PATH, async (request, reply) => {
    if (!(await isUnsubscribeLink(newsletter, request.query.token))) return render(reply, 404, UNSUBSCRIBE_TEXTS.invalid);
    return render(reply, 200, {
      title: 'Unsubscribe from our newsletter',
      message: 'Press the button to stop receiving our newsletter.',
      form: { action: request.url, button: 'Unsubscribe' },
    });
  });

  app.post<{ Querystring: Query; Body: Record<string, string> | undefined }>(UNSUBSCRIBE_PATH, async (request, reply) => {
    if (request.body?.['List-Unsubscribe'] !== 'One-Click') {
      return render(reply, 400, { title: 'Nothing was changed', message: 'Use the Unsubscribe button on this page, or the link in the e-mail.' });
    }
    const text = UNSUBSCRIBE_TEXTS[await unsubscribe(newsletter, request.query.token)];
    return render(reply, text.status, text);
  });
};
