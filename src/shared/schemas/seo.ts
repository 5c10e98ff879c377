import { z } from 'zod';
import { textProblem } from './common';

// Search engines show about 60 characters of a title and 155 of a description;
// a little room above that, not an essay. Blank means "use the title / the content".
const seoText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .superRefine((value, context) => {
      const problem = textProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .nullish()
    .transform((value) => (value ? value : null));

export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 200;

/** Optional per-item overrides for title tags, meta descriptions and social cards. */
export const SeoFieldsSchema = z.object({
  seoTitle: seoText(SEO_TITLE_MAX),
  seoDescription: seoText(SEO_DESCRIPTION_MAX),
});
export type SeoFields = z.output<typeof SeoFieldsSchema>;

/** The overrides as answers carry them: null when blank. */
export const SeoAnswerSchema = z.strictObject({ seoTitle: z.string().nullable(), seoDescription: z.string().nullable() });
