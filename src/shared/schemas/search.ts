import { z } from 'zod';
import { PageQuerySchema } from './list';
import { MAX_QUERY_LENGTH, type Highlighted } from '../search-text';

/** `GET /api/search`: the words, and a page of the ranked matches (always a page: a search never lists the catalogue). */
export const SearchQuerySchema = PageQuerySchema.extend({
  q: z
    .string({ error: 'is required (the words to search for)' })
    .trim()
    .min(1, 'must not be empty')
    .max(MAX_QUERY_LENGTH, `is too long (at most ${MAX_QUERY_LENGTH} characters)`),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/**
 * One product found, with what the result shows already cut into highlighted
 * pieces: title, info, a piece of the description around the first match,
 * and the tag and category titles.
 */
export type SearchHit = {
  id: string;
  slug: string;
  title: string;
  mainImage: string;
  marked: {
    title: Highlighted;
    info: Highlighted;
    excerpt: Highlighted;
    tags: Highlighted[];
    categories: Highlighted[];
  };
};
