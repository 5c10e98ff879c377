import { useEffect, useId, useState, type FormEvent } from 'react';
import { useRouteLoaderData } from '../router';
import { NEWSLETTER_MESSAGE_MS } from '../../shared/constants';
import type { RootData } from '../loaders';
import defaultNewsletterImage from '../assets/newsletter-default.svg';
import { Picture } from '../images/picture';
import { CHECK_INBOX_MESSAGE, HONEYPOT_FIELD } from '../../shared/newsletter-form';
import type { SubscribeResult } from '../../shared/schemas/newsletter';

type Status = { state: 'idle' } | { state: 'submitting' } | { state: 'success'; message: string } | { state: 'error'; message: string };

export const SUBSCRIBE_SUCCESS = 'Successfully subscribed! Thank you for joining our newsletter.';

async function subscribe(email: string, honeypot: string): Promise<Status> {
  try {
    const response = await fetch('/api/newsletter/subscribe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}) }),
    });
    const payload = (await response.json().catch(() => null)) as { success?: boolean; error?: string; data?: SubscribeResult } | null;
    // With confirmation mail on, the address counts only once its owner opens the link.
    if (response.ok && payload?.success) return { state: 'success', message: payload.data?.checkInbox ? CHECK_INBOX_MESSAGE : SUBSCRIBE_SUCCESS };
    return { state: 'error', message: payload?.error || 'Failed to subscribe' };
  } catch {
    return { state: 'error', message: 'An error occurred. Please try again.' };
  }
}

type Props = {
  heading?: string | undefined;
  text?: string | undefined;
  /** Drawn in a preview: the form shows as visitors will see it, but nothing typed there is sent. */
  preview?: boolean;
};

export const NEWSLETTER_PREVIEW_NOTE = 'Preview: this sign-up cannot be sent from a preview.';

/** The spec's sign-up block; a page's newsletter block may word its heading and text itself. */
export function Newsletter({ heading = 'Join our newsletter', text = 'New tutorials, courses and offers, straight to your inbox.', preview = false }: Props = {}) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const image = root?.theme.newsletterImage || defaultNewsletterImage;
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const inputId = useId();

  // Success and error messages each stay for 5 s, then the form is idle again.
  useEffect(() => {
    if (status.state !== 'success' && status.state !== 'error') return;
    const timer = window.setTimeout(() => setStatus({ state: 'idle' }), NEWSLETTER_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (preview) return;
    setStatus({ state: 'submitting' });
    const honeypot = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    const result = await subscribe(email, typeof honeypot === 'string' ? honeypot : '');
    if (result.state === 'success') setEmail('');
    setStatus(result);
  };

  return (
    <section className="newsletter" aria-labelledby={`${inputId}-title`}>
      <div className="container newsletter__inner">
        <Picture className="newsletter__image" src={image} alt="" sizes="(min-width: 768px) 40vw, 100vw" width={480} height={360} />
        <div className="newsletter__body">
          <h2 className="newsletter__title" id={`${inputId}-title`}>
            {heading}
          </h2>
          <p className="newsletter__text">{text}</p>
          {preview && (
            <p className="newsletter__preview" role="note">
              {NEWSLETTER_PREVIEW_NOTE}
            </p>
          )}
          <form className="newsletter__form" onSubmit={onSubmit}>
            <label className="visually-hidden" htmlFor={inputId}>
              Email address
            </label>
            <input
              id={inputId}
              className="newsletter__input"
              type="email"
              name="email"
              required
              autoComplete="email"
              placeholder="Enter your email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            {/* Hidden from people (and screen readers); form-filling bots fill it and are quietly ignored. */}
            <div className="newsletter__trap" aria-hidden="true">
              <label htmlFor={`${inputId}-${HONEYPOT_FIELD}`}>Website</label>
              <input id={`${inputId}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
            </div>
            <button className="btn btn-primary btn-solid btn-md" type="submit" disabled={preview || status.state === 'submitting'}>
              {status.state === 'submitting' ? 'Subscribing...' : 'Subscribe'}
            </button>
          </form>
          <p className={`newsletter__status newsletter__status--${status.state}`} role="status" aria-live="polite">
            {status.state === 'success' || status.state === 'error' ? status.message : ''}
          </p>
        </div>
      </div>
    </section>
  );
}
