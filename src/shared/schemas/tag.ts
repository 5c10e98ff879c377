import { z } from 'zod';
import { requiredText } from './common';

export const TagInputSchema = z.object({ title: requiredText(100) });
export type TagInput = z.input<typeof TagInputSchema>;
export type Tag = { id: string; title: string };
