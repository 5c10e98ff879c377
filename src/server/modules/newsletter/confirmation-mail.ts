import { escapeHtml } from './newsletter-page';
import type { Mail } from './mailer';

/** The double opt-in mail: plain text and HTML, in the site's name and theme colour. */
export function confirmationMail(input: {
  to: string;
  siteName: string;
  primaryColor: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}): Mail {
  const { siteName, primaryColor, confirmUrl, unsubscribeUrl } = input;
  const subject = `Confirm your subscription to ${siteName}`;
  const text = [
    `Thanks for signing up for the ${siteName} newsletter.`,
    '',
    'Please confirm your subscription by opening this link (it works for 7 days):',
    confirmUrl,
    '',
    'If you did not sign up, ignore this e-mail and you will not hear from us again.',
    `Unsubscribe: ${unsubscribeUrl}`,
  ].join('\n');
  const color = escapeHtml(primaryColor);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#111">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#fff;border-top:6px solid ${color}">
<tr><td style="padding:32px">
<h1 style="margin:0 0 16px;font-size:22px;color:${color}">${escapeHtml(siteName)}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5">Thanks for signing up for our newsletter. Please confirm your subscription:</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;padding:12px 24px;background:${color};color:#fff;text-decoration:none;border-radius:6px;font-weight:bold">Confirm subscription</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">The link works for 7 days. If you did not sign up, ignore this e-mail and you will not hear from us again.</p>
<p style="margin:0;font-size:12px;color:#777"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#777">Unsubscribe</a></p>
</td></tr></table>
</body></html>`;
  return { to: input.to, subject, text, html, unsubscribeUrl };
}
