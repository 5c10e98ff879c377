const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

export type NewsletterPage = {
  title: string;
  message: string;
  siteName: string;
  primaryColor: string;
  /** A form with one button that POSTs back to the page's own URL (the unsubscribe page). */
  form?: { action: string; button: string };
};

/**
 * The small pages a newsletter link opens (thanks for confirming, unsubscribe
 * with one button). Rendered on the server without the site's scripts: they
 * answer one link, must work with scripts off, and are never cached.
 */
export function newsletterPageHtml(page: NewsletterPage): string {
  const color = escapeHtml(page.primaryColor);
  const form = page.form
    ? `<form method="post" action="${escapeHtml(page.form.action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="padding:12px 24px;border:0;border-radius:6px;background:${color};color:#fff;font-size:16px;font-weight:bold;cursor:pointer">${escapeHtml(page.form.button)}</button>
</form>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(page.title)} | ${escapeHtml(page.siteName)}</title></head>
<body style="margin:0;font-family:system-ui,Arial,sans-serif;color:#111;background:#f8fafc">
<main style="max-width:560px;margin:10vh auto;padding:32px;background:#fff;border-top:6px solid ${color};border-radius:8px">
<p style="margin:0 0 8px;font-weight:bold;color:${color}">${escapeHtml(page.siteName)}</p>
<h1 style="margin:0 0 16px;font-size:28px">${escapeHtml(page.title)}</h1>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5">${escapeHtml(page.message)}</p>
${form}
<p style="margin:24px 0 0"><a href="/" style="color:${color}">Go to the homepage</a></p>
</main></body></html>`;
}
