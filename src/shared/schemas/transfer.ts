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
});
export type ImportReportAnswer = z.infer<typeof ImportReportSchema>;

/** POST /api/import?dryRun=true|false (a dry run unless told otherwise) [&format=…]. */
export const ImportQuerySchema = z.object({
  dryRun: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  format: z.enum([...IMPORT_FORMATS, 'json'], { error: 'must be showcase, shopify, woocommerce or json' }).optional(),
});
