import { errorMetaFor } from '../../web/page-meta';
import type { ClientAssets } from './client-manifest';
import { htmlDocument } from './html-document';

/** Seconds a visitor (or a crawler, or the CDN) is asked to wait before trying again. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

const BODY =
  '<main class="status-screen status-screen--standalone">' +
  '<p class="status-screen__code" aria-hidden="true">503</p>' +
  '<h1 class="status-screen__title">Back in a moment</h1>' +
  '<p class="status-screen__message">This page cannot be shown right now. Please try again in a few seconds.</p>' +
  '<a class="btn btn-primary btn-solid btn-md" href="">Try again</a>' +
  '</main>';

/**
 * What a visitor sees for a page never rendered while the database or the media store cannot answer
 * (decision 061): a 503 in the site's look (its stylesheet and the last primary colour this copy
 * rendered with; nothing of it is read from the failing database), never the 500 error screen.
 */
export function unavailableHtml(publicUrl: string, primaryColor: string | undefined, assets: ClientAssets | null): string {
  return htmlDocument({
    meta: { ...errorMetaFor(undefined, publicUrl), title: 'Back in a moment' },
    canonicalBase: publicUrl,
    pathname: '/',
    primaryColor,
    assets,
    appHtml: BODY,
    hydration: null,
    robots: 'noindex',
    canonical: false,
    staticOnly: true,
  });
}
