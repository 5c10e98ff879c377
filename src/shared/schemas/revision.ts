import { z } from 'zod';

/** One saved version of an item, as the revision list shows it. */
export const RevisionEntryAnswerSchema = z.strictObject({ id: z.string(), createdAt: z.string(), summary: z.string() });
export type RevisionEntry = z.infer<typeof RevisionEntryAnswerSchema>;
/** One revision with the item as it was saved then (in the shape the item had at that time). */
export const RevisionAnswerSchema = RevisionEntryAnswerSchema.extend({ snapshot: z.unknown() });
export type Revision = z.infer<typeof RevisionAnswerSchema>;
