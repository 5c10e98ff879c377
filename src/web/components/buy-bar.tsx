import type { Product } from '../../shared/schemas';
import type { EditionView } from '../../shared/edition-view';
import { Price } from './price';

/** Where a Buy Now click is reported (decision 060): the site's own analytics, no third party. */
const buyReport = (slug: string) => `/api/analytics/buy/${encodeURIComponent(slug)}`;

/**
 * Reports the click where JavaScript runs (for browsers that send no `ping`);
 * the server counts a visitor's ping and beacon for one product within seconds
 * as one click. A middle click opens the shop too (`auxclick`, button 1).
 */
const sendReport = (url: string) => {
  if (typeof navigator.sendBeacon === 'function') navigator.sendBeacon(url);
};

/**
 * The price and Buy Now beside the title; on phones the same element is pinned
 * to the bottom of the screen (product.css), so the button never scrolls away.
 * One link, not a copy: screen readers and the keyboard meet it once, in
 * reading order. The title repeated in the bar is for the eye only (the page's
 * heading already says it). The link goes to the shop itself (spec), with or
 * without JavaScript; its `ping` reports the click even without JavaScript.
 */
export function BuyBar({ product, priceText, edition }: { product: Pick<Product, 'title' | 'buyLink' | 'slug'>; priceText: string | null; edition?: EditionView | undefined }) {
  const report = buyReport(product.slug);
  // The chosen edition's link; a sold-out or coming-soon edition has none (issue 28).
  const link = edition ? edition.buyLink : product.buyLink;
  return (
    <div className="buy-bar">
      <span className="buy-bar__title" aria-hidden="true">
        {product.title}
      </span>
      {edition?.compareAtText && (
        <s className="price price--was" suppressHydrationWarning>
          <span className="visually-hidden">Was </span>
          {edition.compareAtText}
        </s>
      )}
      <Price text={priceText} />
      {edition?.saveText && <span className="badge badge--sale">{edition.saveText}</span>}
      {link ? (
        <a
          className="btn btn-primary btn-solid btn-lg buy-bar__button"
          href={link}
          ping={report}
          onClick={() => sendReport(report)}
          onAuxClick={(event) => event.button === 1 && sendReport(report)}
        >
          {edition?.availability === 'preorder' ? 'Pre-order' : 'Buy Now'}
        </a>
      ) : (
        <span className="btn btn-lg buy-bar__button buy-bar__button--off">{edition?.badge ?? 'Not for sale'}</span>
      )}
    </div>
  );
}
