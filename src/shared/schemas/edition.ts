import { z } from 'zod';
import { IdSchema, optionalText, requiredUrl } from './common';
import { PublishAtSchema } from './publish';
import { CurrencySchema, PriceSchema } from './price';

/** Whether a visitor can buy an edition now; only `available` and `preorder` show a Buy link. */
export const AVAILABILITIES = ['available', 'preorder', 'coming_soon', 'sold_out'] as const;
export type Availability = (typeof AVAILABILITIES)[number];
export const AvailabilitySchema = z.enum(AVAILABILITIES, { error: 'must be available, preorder, coming_soon or sold_out' });

/**
 * One edition of a product as a write takes it ("Video course", "Team licence"): its own price, Buy URL and
 * availability. An `id` of one of the product's editions keeps that edition; any other is a new edition.
 * Prices in major units (29.99) as the product's `price`; the currency's decimals are checked by the service.
 */
export const EditionInputSchema = z.object({
  id: IdSchema.optional(),
  /** Required once a product has two editions: the visitor chooses by it. */
  name: optionalText(120),
  price: PriceSchema,
  currency: CurrencySchema,
  /** The price before the sale, shown struck through; above `price`. */
  compareAtPrice: PriceSchema,
  /** After it the sale stops showing by itself: `compareAtPrice` is the price again. */
  saleEndsAt: PublishAtSchema.nullish(),
  availability: AvailabilitySchema.default('available'),
  buyLink: requiredUrl,
});
export type EditionInput = z.input<typeof EditionInputSchema>;

export const EditionsInputSchema = z
  .array(EditionInputSchema, { error: 'must be a list of editions' })
  .min(1, 'must hold at least one edition')
  .max(20, 'is too long');

/** An edition as the API answers it; the first of a product's editions is its default. */
export const EditionAnswerSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  price: z.number().nullable(),
  currency: z.string().nullable(),
  compareAtPrice: z.number().nullable(),
  saleEndsAt: z.string().nullable(),
  availability: AvailabilitySchema,
  buyLink: z.string(),
});
export type Edition = z.infer<typeof EditionAnswerSchema>;
