import { z } from 'zod';
import { requiredText } from './common';

export const TagInputSchema = z.object({ title: requiredText(100) });
export type TagInput = z.input<typeof TagInputSchema>;
/** `slug` is made by the server from the title (the category slug rule), unique. */
export const TagAnswerSchema = z.strictObject({ id: z.string(), title: z.string(), slug: z.string() });
export type Tag = z.infer<typeof TagAnswerSchema>;
