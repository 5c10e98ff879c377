import { z } from 'zod';
import { PageQuerySchema, ProductListQuerySchema } from './list';
import { MAX_QUERY_LENGTH } from '../search-text';
import { EditionAnswerSchema } from './edition';

/** A piece of shown text; `match` pieces are rendered inside <mark>. */
const HighlightedSchema = z.array(z.strictObject({ text: z.string(), match: z.boolean() }));
export type Highlighted = z.infer<typeof HighlightedSchema>;

/** `GET /api/search`: the words, and a page of the ranked matches (always a page: a search never lists the catalogue). */
export const SearchQuerySchema = PageQuerySchema.extend({
  q: z
    .string({ error: 'is required (the words to search for)' })
    .trim()
    .min(1, 'must not be empty')
    .max(MAX_QUERY_LENGTH, `is too long (at most ${MAX_QUERY_LENGTH} characters)`),
  // The catalogue's narrowing and sorts (decision 077): `attr.{slug}`, `availability`, `onSale` as `GET /api/products`
  // reads them; without `sort`, the ranking.
  availability: ProductListQuerySchema.shape.availability,
  onSale: ProductListQuerySchema.shape.onSale,
  sort: ProductListQuerySchema.shape.sort,
}).catchall(z.unknown());
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/**
 * One product found, with what the result shows already cut into highlighted
 * pieces: title, info, a piece of the description around the first match,
 * and the tag and category titles.
 */
export const SearchHitAnswerSchema = z.strictObject({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  mainImage: z.string(),
  /** The product's editions (issue 28), the first the default: the result shows its price and the product's badge. */
  editions: z.array(EditionAnswerSchema),
  marked: z.strictObject({
    title: HighlightedSchema,
    info: HighlightedSchema,
    excerpt: HighlightedSchema,
    tags: z.array(HighlightedSchema),
    categories: z.array(HighlightedSchema),
  }),
});
export type SearchHit = z.infer<typeof SearchHitAnswerSchema>;

/** How many pages made of blocks a search shows, above the products (issue 29). */
export const PAGE_HITS_MAX = 5;

/** `GET /api/search/pages`: a published page whose title or text holds every word. */
export const PageSearchHitAnswerSchema = z.strictObject({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  marked: z.strictObject({ title: HighlightedSchema, excerpt: HighlightedSchema }),
});
export type PageSearchHit = z.infer<typeof PageSearchHitAnswerSchema>;
