import { z } from 'zod';
import { EDITION_FIELDS, type DeclaredAttribute, type ImportedAttribute, type ImportedField, type ImportedProduct, type ReadOptions, type RowError } from '../imported-product';

const text = z.string().nullish().transform((value) => value ?? '');
const money = z.number().nullish().transform((value) => value ?? null);
const EditionSchema = z.object({
  name: text,
  price: money,
  currency: z.string().nullish().transform((value) => value ?? null),
  compareAtPrice: money,
  saleEndsAt: z.string().nullish().transform((value) => value ?? null),
  availability: z.string().nullish().transform((value) => value ?? null),
  buyLink: text,
});

/** A product of Showcase's JSON document (export.ts writes it). */
export const JsonProductSchema = z.object({
  slug: text,
  title: text,
  description: text,
  duration: text,
  categories: z.array(z.string()).default([]),
  tags: z.array(z.string()).default([]),
  editions: z.array(EditionSchema).min(1, 'must hold at least one edition'),
  /** Values by attribute slug, as the API answers them (`{"level": "Beginner", "hours": 12}`); a list of {name, values} is read too. */
  attributes: z
    .union([z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).nullable()), z.array(z.object({ name: z.string(), values: z.array(z.string()) }))])
    .default({}),
  mainImage: text,
  gallery: z.array(z.string()).default([]),
  seoTitle: z.string().nullish().transform((value) => value ?? null),
  seoDescription: z.string().nullish().transform((value) => value ?? null),
  status: z.enum(['published', 'draft']).optional(),
});

/** The attributes the document defines (its head): created when the site lacks them. */
const DeclaredSchema = z.object({
  name: z.string(),
  slug: z.string(),
  type: z.enum(['choice', 'number', 'boolean']),
  values: z.array(z.string()).default([]),
  unit: z.string().nullish().transform((value) => value ?? null),
  filter: z.boolean().default(false),
});

const DocumentSchema = z.object({ products: z.array(z.unknown()), attributes: z.array(z.unknown()).default([]) });

const COLUMNS = Object.fromEntries(
  (
    [
      'slug',
      'title',
      'description',
      'duration',
      'categories',
      'tags',
      'mainImage',
      'gallery',
      'edition',
      'buyLink',
      'price',
      'currency',
      'compareAtPrice',
      'saleEndsAt',
      'availability',
      'seoTitle',
      'seoDescription',
      'status',
    ] as const
  ).map((field) => [field, EDITION_FIELDS.has(field) ? `editions.${field === 'edition' ? 'name' : field}` : field]),
) as Record<ImportedField, string>;

/**
 * Showcase's JSON document. It is parsed whole (a streamed JSON parser is not
 * installed here): the CSV is the format for very large catalogues. Its
 * errors name the product's place in the list instead of a line: line 0,
 * column `products[3].title`.
 */
export async function* showcaseJson(source: AsyncIterable<Uint8Array>, _options: ReadOptions, errors: RowError[], declared: DeclaredAttribute[]): AsyncGenerator<ImportedProduct> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of source) chunks.push(chunk);
  let document: z.infer<typeof DocumentSchema>;
  try {
    document = DocumentSchema.parse(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks))));
  } catch {
    errors.push({ line: 1, column: '', message: 'not a Showcase JSON document ({"products": [...]}) in UTF-8' });
    return;
  }
  for (const [index, raw] of document.attributes.entries()) {
    const parsed = DeclaredSchema.safeParse(raw);
    if (parsed.success) declared.push(parsed.data);
    else for (const issue of parsed.error.issues) errors.push({ line: 0, column: `attributes[${index}].${issue.path.join('.')}`, message: issue.message });
  }
  for (const [index, raw] of document.products.entries()) {
    const parsed = JsonProductSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push({ line: 0, column: `products[${index}].${issue.path.join('.')}`, message: issue.message });
      continue;
    }
    const product = parsed.data;
    const columns = Object.fromEntries(Object.entries(COLUMNS).map(([field, column]) => [field, `products[${index}].${column}`])) as Record<ImportedField, string>;
    yield {
      line: 0,
      slug: product.slug,
      title: product.title,
      description: product.description,
      duration: product.duration,
      categories: product.categories,
      tags: product.tags,
      editions: product.editions.map((edition) => ({ line: 0, ...edition })),
      attributes: attributesOf(product.attributes, index, declared),
      images: [product.mainImage, ...product.gallery].filter(Boolean).map((src) => ({ src, alt: '', line: 0 })),
      seoTitle: product.seoTitle,
      seoDescription: product.seoDescription,
      status: product.status,
      columns,
    };
  }
}

/**
 * A product's values: by slug, and blank for an attribute the document defines that the product has no value
 * of (the document is the whole truth of its attributes, as the CSV's columns are); a list of {name, values} as
 * a shop's attributes.
 */
function attributesOf(values: z.infer<typeof JsonProductSchema>['attributes'], index: number, declared: DeclaredAttribute[]): ImportedAttribute[] {
  if (Array.isArray(values)) return values.map((attribute, i) => ({ name: attribute.name, values: attribute.values, line: 0, column: `products[${index}].attributes[${i}]` }));
  const given: ImportedAttribute[] = Object.entries(values).map(([slug, value]) => ({ name: slug, values: [value === null ? '' : String(value)], line: 0, column: `products[${index}].attributes.${slug}`, infer: true }));
  for (const attribute of declared) {
    if (!(attribute.slug in values)) given.push({ name: attribute.slug, values: [''], line: 0, column: `products[${index}].attributes.${attribute.slug}` });
  }
  return given;
}
