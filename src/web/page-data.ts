import type { Product } from '../shared/schemas';
import { priceText } from '../shared/price';

// What pages use of the loaders' data shapes at render time. Kept out of loaders.ts, which the
// browser fetches only when it navigates (routes.tsx), so that a page's first load does not carry it.

/**
 * `priceText` is formatted where the data is made (the server, or the loader when navigating): a
 * page's first load then never makes an `Intl.NumberFormat`, which costs a phone a long task.
 */
export type ProductSummary = Pick<Product, 'id' | 'slug' | 'title' | 'duration' | 'mainImage'> & { priceText: string | null };

export const summarizeProduct = (p: Product): ProductSummary => ({
  id: p.id,
  slug: p.slug,
  title: p.title,
  duration: p.duration,
  mainImage: p.mainImage,
  priceText: priceText(p),
});

/** Unknown slugs render their own not-found screen with a real 404 status. */
export type NotFoundData = { notFound: true };
export const isNotFound = (value: unknown): value is NotFoundData =>
  typeof value === 'object' && value !== null && (value as NotFoundData).notFound === true;
