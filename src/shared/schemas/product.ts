import { z } from 'zod';
import { PublishFieldsSchema, PublishStateSchema } from './publish';
import { IdSchema, OrderSchema, SlugSchema, optionalUrl, requiredText, requiredUrl, richHtml } from './common';
import { ReorderItemSchema } from './category';
import { HeroConfigAnswerSchema, HeroConfigSchema, defaultHeroConfig } from './hero';
import { CurrencySchema, PriceSchema } from './price';
import { SeoAnswerSchema, SeoFieldsSchema } from './seo';
import { EditionAnswerSchema, EditionsInputSchema } from './edition';
import { AttributeValueSchema, ProductAttributesInputSchema } from './attribute';

export const GalleryItemSchema = z.object({
  url: requiredUrl,
  order: OrderSchema.default(0),
});
export type GalleryItem = z.infer<typeof GalleryItemSchema>;

export const ProductInputSchema = z.object({
  slug: SlugSchema,
  title: requiredText(200),
  /** Labelled "Info" in the admin, e.g. "2 hours - 12 lessons". */
  duration: requiredText(200),
  /** Labelled "Tile Image". */
  mainImage: requiredUrl,
  /** The default edition's Buy URL; required when `editions` is not given. */
  buyLink: requiredUrl.optional(),
  /** The editions in the visitor's order, the first the default. Given, they are the whole truth (`buyLink`, `price`, `currency` are then read from the first); omitted, those fields change the default edition. */
  editions: EditionsInputSchema.optional(),
  /** Values by attribute slug (issue 28); given, they are the whole truth; omitted, the stored values stay. */
  attributes: ProductAttributesInputSchema.optional(),
  categories: z.array(IdSchema, { error: 'must be a list of category ids' }).max(500, 'is too long').default([]),
  tags: z.array(IdSchema, { error: 'must be a list of tag ids' }).max(500, 'is too long').default([]),
  description: richHtml().refine((html) => html.replace(/<[^>]*>/g, '').trim() !== '' || /<img\s/i.test(html), 'is required'),
  /** A video-site link or a video file url; optional (issue 24): '' for none, and the product page shows its image instead. */
  introVideo: optionalUrl,
  heroConfig: HeroConfigSchema.default(defaultHeroConfig),
  gallery: z.array(GalleryItemSchema, { error: 'must be a list of {url, order}' }).max(200, 'is too long').default([]),
  darkMode: z.boolean({ error: 'must be true or false' }).default(false),
  /** Major units (29.99); null for none; omitted keeps the current price (create: none). Needs `currency`. */
  price: PriceSchema,
  /** ISO 4217, upper-cased (usd → USD). */
  currency: CurrencySchema,
  /** Omitted on create: the server appends the item after the last one. */
  order: OrderSchema.optional(),
  ...PublishFieldsSchema.shape,
  ...SeoFieldsSchema.shape,
});
export type ProductInput = z.input<typeof ProductInputSchema>;

/** A product as the API answers it (decision 057). */
export const ProductAnswerSchema = z.strictObject({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  duration: z.string(),
  mainImage: z.string(),
  buyLink: z.string(),
  /** Category and tag ids. */
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  description: z.string(),
  introVideo: z.string(),
  heroConfig: HeroConfigAnswerSchema,
  gallery: z.array(z.strictObject({ url: z.string(), order: z.number() })),
  darkMode: z.boolean(),
  price: z.number().nullable(),
  currency: z.string().nullable(),
  /** At least one; `buyLink`, `price` and `currency` above are the first one's. */
  editions: z.array(EditionAnswerSchema),
  /** Values by attribute slug: a choice's value, a number, or true/false (decision 072). */
  attributes: z.record(z.string(), AttributeValueSchema),
  ...SeoAnswerSchema.shape,
  order: z.number(),
  ...PublishStateSchema.shape,
});
export type Product = z.infer<typeof ProductAnswerSchema>;

/** Where a reorder or a move left an item. */
export const PositionAnswerSchema = z.strictObject({ id: z.string(), order: z.number() });
export type Position = z.infer<typeof PositionAnswerSchema>;

/** A long move in the admin: the product goes to this 0-based place in the list; everything is renumbered 0..n-1. */
export const ProductMoveSchema = z.object({
  position: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must not be negative').max(1_000_000, 'is too large'),
});
export type ProductMove = z.infer<typeof ProductMoveSchema>;

export const ProductReorderSchema = z.object({
  products: z.array(ReorderItemSchema, { error: 'must be a list of {id, order}' }).max(10_000, 'is too long'),
});
