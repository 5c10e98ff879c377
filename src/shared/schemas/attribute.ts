import { z } from 'zod';
import { SlugSchema, cleanText, requiredText } from './common';

/** What an attribute holds (issue 28): one of the owner's values, a number with its unit, or yes/no. */
export const ATTRIBUTE_TYPES = ['choice', 'number', 'boolean'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

export const MAX_ATTRIBUTE_VALUES = 100;

const ChoiceValue = cleanText(z.string({ error: 'must be text' }).trim().min(1, 'must not be empty').max(100, 'is too long'));

/**
 * An attribute as a write takes it. `values` only for a choice (at least one, each once,
 * told apart in a URL by their slug), `unit` only for a number; `slug` names it in URLs
 * (`?level=beginner`) and in product answers (`attributes: {level: "Beginner"}`).
 */
export const AttributeInputSchema = z
  .object({
    name: requiredText(100),
    slug: SlugSchema.refine((slug) => slug.length <= 60, 'is too long'),
    type: z.enum(ATTRIBUTE_TYPES, { error: 'must be choice, number or boolean' }),
    values: z.array(ChoiceValue, { error: 'must be a list of values' }).max(MAX_ATTRIBUTE_VALUES, 'is too long').optional(),
    unit: cleanText(z.string({ error: 'must be text' }).trim().max(40, 'is too long')).nullish(),
    filter: z.boolean({ error: 'must be true or false' }).default(false),
  });
export type AttributeInput = z.input<typeof AttributeInputSchema>;

/** An attribute as the API answers it: `values` empty unless a choice, `unit` null unless a number. */
export const AttributeAnswerSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  values: z.array(z.string()),
  unit: z.string().nullable(),
  filter: z.boolean(),
});
export type Attribute = z.infer<typeof AttributeAnswerSchema>;

/** A product's value of one attribute: a choice's value, a number, or true/false. */
export const AttributeValueSchema = z.union([z.string(), z.number(), z.boolean()]);
export type AttributeValue = z.infer<typeof AttributeValueSchema>;

/** `attributes` of a product write: by attribute slug; null (or leaving it out) clears that value. */
export const ProductAttributesInputSchema = z
  .record(z.string().max(60, 'is too long'), AttributeValueSchema.nullable(), { error: 'must be an object of {slug: value}' })
  .refine((values) => Object.keys(values).length <= 100, 'has too many attributes');

/** One value of a facet and how many products of the listing would show with it chosen. */
export const FacetValueSchema = z.strictObject({ value: z.string(), slug: z.string(), count: z.number() });

/** A filter attribute as a category or search page offers it: counts from the database. */
export const FacetSchema = z.strictObject({
  slug: z.string(),
  name: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  unit: z.string().nullable(),
  /** A choice's values (and a yes/no's `true`/`false`) with their counts, in the owner's order. */
  values: z.array(FacetValueSchema),
  /** A number's smallest and largest value among the products, null when none has one. */
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Products with a value of this attribute under the other choices. */
  count: z.number(),
});
export type Facet = z.infer<typeof FacetSchema>;

export { PRODUCT_SORTS, type ProductSort } from '../product-sorts';
