import { z } from 'zod';
import { PublishFieldsSchema, PublishStateSchema } from './publish';
import { IdSchema, OrderSchema, SlugSchema, optionalUrl, requiredText, requiredUrl } from './common';
import { HeroConfigAnswerSchema, HeroConfigSchema, defaultHeroConfig } from './hero';
import { SeoAnswerSchema, SeoFieldsSchema } from './seo';

export const ITEMS_PER_ROW_MIN = 1;
export const ITEMS_PER_ROW_MAX = 4;
export const DEFAULT_ITEMS_PER_ROW = 2;

export const CategoryInputSchema = z.object({
  slug: SlugSchema,
  title: requiredText(200),
  description: requiredText(5000),
  tileImage: requiredUrl,
  tileVideo: optionalUrl,
  hoverImage: optionalUrl,
  emptyImage: optionalUrl,
  itemsPerRow: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(ITEMS_PER_ROW_MIN, `must be at least ${ITEMS_PER_ROW_MIN}`)
    .max(ITEMS_PER_ROW_MAX, `must be at most ${ITEMS_PER_ROW_MAX}`)
    .default(DEFAULT_ITEMS_PER_ROW),
  heroConfig: HeroConfigSchema.default(defaultHeroConfig),
  /** Omitted on create: the server appends the item after the last one. */
  order: OrderSchema.optional(),
  ...PublishFieldsSchema.shape,
  ...SeoFieldsSchema.shape,
});
export type CategoryInput = z.input<typeof CategoryInputSchema>;

/** A category as the API answers it (decision 057). */
export const CategoryAnswerSchema = z.strictObject({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  order: z.number(),
  tileImage: z.string(),
  tileVideo: z.string(),
  hoverImage: z.string(),
  emptyImage: z.string(),
  itemsPerRow: z.number(),
  heroConfig: HeroConfigAnswerSchema,
  ...SeoAnswerSchema.shape,
  ...PublishStateSchema.shape,
});
export type Category = z.infer<typeof CategoryAnswerSchema>;

export const ReorderItemSchema = z.object({ id: IdSchema, order: OrderSchema });
export type ReorderItem = z.infer<typeof ReorderItemSchema>;

export const CategoryReorderSchema = z.object({
  categories: z.array(ReorderItemSchema, { error: 'must be a list of {id, order}' }).max(10_000, 'is too long'),
});
