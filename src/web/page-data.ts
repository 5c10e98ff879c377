import type { Product } from '../shared/schemas';
import { priceText } from '../shared/price';
import { nextSaleEnd, productBadge, viewEdition, type EditionBadge } from '../shared/edition-view';

// What pages use of the loaders' data shapes at render time. Kept out of loaders.ts, which the
// browser fetches only when it navigates (routes.tsx), so that a page's first load does not carry it.

/**
 * `priceText` is formatted where the data is made (the server, or the loader when navigating): a
 * page's first load then never makes an `Intl.NumberFormat`, which costs a phone a long task.
 */
export type ProductSummary = Pick<Product, 'id' | 'slug' | 'title' | 'duration' | 'mainImage'> & {
  priceText: string | null;
  badge?: EditionBadge | undefined;
  /** The next end of a sale the card shows (ISO): the page is not served after it. */
  saleEndsAt?: string | undefined;
};

export const summarizeProduct = (p: Product): ProductSummary => ({
  id: p.id,
  slug: p.slug,
  title: p.title,
  duration: p.duration,
  mainImage: p.mainImage,
  // The default edition's price as shown now (a sale past its end shows the price before it).
  priceText: p.editions?.[0] ? viewEdition(p.editions[0], Date.now()).priceText : priceText(p),
  ...badgeOf(p),
});

/** Only a product with something to say has a badge: one sold as before keeps its card as it was. */
const badgeOf = (p: Pick<Product, 'editions'>) => {
  const now = Date.now();
  const badge = p.editions ? productBadge(p.editions, now) : null;
  const end = p.editions ? nextSaleEnd(p.editions, now) : undefined;
  return { ...(badge ? { badge } : {}), ...(end === undefined ? {} : { saleEndsAt: new Date(end).toISOString() }) };
};

/** What a search result shows of a product's editions, as a card does: the default edition's price and the product's badge. */
export type EditionFacts = Pick<ProductSummary, 'priceText' | 'badge' | 'saleEndsAt'>;
export const editionFacts = (editions: Product['editions']): EditionFacts => ({
  priceText: editions[0] ? viewEdition(editions[0], Date.now()).priceText : null,
  ...badgeOf({ editions }),
});

/** Unknown slugs render their own not-found screen with a real 404 status. */
export type NotFoundData = { notFound: true };
export const isNotFound = (value: unknown): value is NotFoundData =>
  typeof value === 'object' && value !== null && (value as NotFoundData).notFound === true;
