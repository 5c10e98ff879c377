import { z } from 'zod';

export const IMPORT_FORMATS = ['showcase', 'shopify', 'woocommerce'] as const;

/** One problem of an import file: "line 42, Variant Price: not a number" (line 0 in a JSON document, whose column names the place). */
export const ImportErrorSchema = z.strictObject({ line: z.number(), column: z.string(), message: z.string() });
export type ImportError = z.infer<typeof ImportErrorSchema>;

/** What an import did, or on a dry run would do (issue 31). */
export const ImportReportSchema = z.strictObject({
  dialect: z.enum(IMPORT_FORMATS),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  errors: z.array(ImportErrorSchema),
  /** With `details=true` only (the admin screen's report); without it the answer is issue 31's five fields. */
  editions: z.strictObject({ created: z.number(), updated: z.number(), removed: z.number() }).optional(),
  attributes: z.strictObject({ created: z.number(), updated: z.number() }).optional(),
  /** The header's columns the format does not read, and the fields a `mapping` may read them as. */
  unknownColumns: z.array(z.string()).optional(),
  fields: z.array(z.string()).optional(),
  /** The products an applied import created or updated. */
  products: z.array(z.strictObject({ id: z.string(), slug: z.string(), title: z.string(), action: z.enum(['created', 'updated']) })).optional(),
});
export type ImportReportAnswer = z.infer<typeof ImportReportSchema>;

/** POST /api/import?dryRun=true|false (a dry run unless told otherwise) [&format=…]. */
export const ImportQuerySchema = z.object({
  dryRun: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  format: z.enum([...IMPORT_FORMATS, 'json'], { error: 'must be showcase, shopify, woocommerce or json' }).optional(),
  /** The report with its editions, attributes, unknown columns and products (the admin screen asks for it). */
  details: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
});

/** The `mapping` field of POST /api/import: `{"Column": "field" | null}` (null: the column is left out). */
export const ColumnMappingSchema = z.record(z.string().max(200, 'a column name is too long'), z.string().max(200, 'a field is too long').nullable(), {
  error: 'must be a JSON object of {"Column": "field" or null}',
}).refine((mapping) => Object.keys(mapping).length <= 1000, 'has too many columns');

/** How far along a count is: `done` of `total` (0 of 0 when there is nothing to count). */
const CountSchema = z.strictObject({ done: z.number(), total: z.number() });

/**
 * One progress line of an import streamed as `application/x-ndjson` (decision 079): the file being read
 * (`read`), its products checked and their images taken (`check`), the products written (`save`).
 */
export const ImportProgressSchema = z.strictObject({
  step: z.enum(['read', 'check', 'save']),
  products: CountSchema,
  images: CountSchema,
});
export type ImportProgress = z.infer<typeof ImportProgressSchema>;

/** The media type a client asks for (`Accept`) to get progress lines before the report. */
export const IMPORT_PROGRESS_TYPE = 'application/x-ndjson';
