import type { Product } from '../../shared/schemas';
import { Price } from './price';

/**
 * The price and Buy Now beside the title; on phones the same element is pinned
 * to the bottom of the screen (product.css), so the button never scrolls away.
 * One link, not a copy: screen readers and the keyboard meet it once, in
 * reading order. The title repeated in the bar is for the eye only (the page's
 * heading already says it).
 */
export function BuyBar({ product, priceText }: { product: Pick<Product, 'title' | 'buyLink'>; priceText: string | null }) {
  return (
    <div className="buy-bar">
      <span className="buy-bar__title" aria-hidden="true">
        {product.title}
      </span>
      <Price text={priceText} />
      <a className="btn btn-primary btn-solid btn-lg buy-bar__button" href={product.buyLink}>
        Buy Now
      </a>
    </div>
  );
}
