// No validation library here: the public pages show editions with this module.
import { formatPrice } from './price';
import type { Edition } from './schemas/edition';

/** What a visitor sees of an edition at `now`: a sale past its end shows its compare-at price as the price, without the sale. */
export type EditionView = {
  id: string;
  name: string;
  priceText: string | null;
  /** The struck-through price while on sale. */
  compareAtText: string | null;
  /** "Save 25%" while on sale. */
  saveText: string | null;
  /** Null for sold-out and coming-soon editions: no Buy link. */
  buyLink: string | null;
  badge: EditionBadge | null;
  availability: Edition['availability'];
  /** The sale's end (ISO) while it runs: the page stops being served then. */
  saleEndsAt: string | null;
};
export type EditionBadge = 'Sale' | 'Pre-order' | 'Coming soon' | 'Sold out';

const AVAILABILITY_BADGES: Partial<Record<Edition['availability'], EditionBadge>> = { preorder: 'Pre-order', coming_soon: 'Coming soon', sold_out: 'Sold out' };

/** The price shown now: while the sale runs its price, after its end the compare-at price. */
export function shownPrice(edition: Pick<Edition, 'price' | 'compareAtPrice' | 'saleEndsAt'>, now: number): { price: number | null; compareAt: number | null } {
  const ended = edition.saleEndsAt !== null && Date.parse(edition.saleEndsAt) <= now;
  if (edition.compareAtPrice !== null && ended) return { price: edition.compareAtPrice, compareAt: null };
  return { price: edition.price, compareAt: edition.compareAtPrice };
}

export const isBuyable = (edition: Pick<Edition, 'availability'>) => edition.availability === 'available' || edition.availability === 'preorder';

export function viewEdition(edition: Edition, now: number): EditionView {
  const { price, compareAt } = shownPrice(edition, now);
  const currency = edition.currency;
  const onSale = compareAt !== null && price !== null && currency !== null;
  return {
    id: edition.id,
    name: edition.name,
    priceText: price === null || currency === null ? null : formatPrice(price, currency),
    compareAtText: onSale ? formatPrice(compareAt, currency) : null,
    saveText: onSale && compareAt > 0 ? `Save ${Math.round((1 - price / compareAt) * 100)}%` : null,
    buyLink: isBuyable(edition) ? edition.buyLink : null,
    badge: AVAILABILITY_BADGES[edition.availability] ?? (onSale ? 'Sale' : null),
    availability: edition.availability,
    saleEndsAt: onSale ? edition.saleEndsAt : null,
  };
}

/**
 * The one badge of a product's card: the default edition's availability when it is not for sale now, a sale on any
 * edition that can be bought, else a pre-order; none for a product sold as today.
 */
export function productBadge(editions: Edition[], now: number): EditionBadge | null {
  const views = editions.map((edition) => viewEdition(edition, now));
  if (views.length === 0) return null;
  if (views.every((view) => view.availability === 'sold_out')) return 'Sold out';
  if (views.every((view) => view.availability === 'coming_soon' || view.availability === 'sold_out')) return 'Coming soon';
  if (views.some((view) => view.badge === 'Sale' && view.buyLink !== null)) return 'Sale';
  if (views.some((view) => view.availability === 'preorder')) return 'Pre-order';
  return null;
}

/** The earliest sale end still ahead among the editions (ms), when a page must stop being served. */
export function nextSaleEnd(editions: Edition[], now: number): number | undefined {
  const ends = editions.flatMap((edition) => (edition.saleEndsAt && edition.compareAtPrice !== null ? [Date.parse(edition.saleEndsAt)] : [])).filter((at) => at > now);
  return ends.length ? Math.min(...ends) : undefined;
}
