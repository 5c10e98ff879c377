import type { Product } from '../shared/schemas';

// What pages use of the loaders' data shapes at render time. Kept out of loaders.ts, which the
// browser fetches only when it navigates (routes.tsx), so that a page's first load does not carry it.

export type ProductSummary = Pick<Product, 'id' | 'slug' | 'title' | 'duration' | 'mainImage' | 'price' | 'currency'>;

export const summarizeProduct = (p: Product): ProductSummary => ({
  id: p.id,
  slug: p.slug,
  title: p.title,
  duration: p.duration,
  mainImage: p.mainImage,
  price: p.price,
  currency: p.currency,
});

/** Unknown slugs render their own not-found screen with a real 404 status. */
export type NotFoundData = { notFound: true };
export const isNotFound = (value: unknown): value is NotFoundData =>
  typeof value === 'object' && value !== null && (value as NotFoundData).notFound === true;
