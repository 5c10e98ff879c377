import { z } from 'zod';
import { HONEYPOT_FIELD } from '../newsletter-form';
import { PageQuerySchema } from './list';
import { requiredText } from './common';
import { DEFAULT_SUCCESS_MESSAGE, FORM_MESSAGE_MAX } from '../contact-form';

export { DEFAULT_SUCCESS_MESSAGE, FORM_MESSAGE_MAX };

/**
 * What a visitor sends through a contact form (issue 29): name, e-mail and
 * message always; the owner's extra fields by their names beside them (a
 * plain HTML form posts them flat). The honeypot is the newsletter's.
 */
export const FormSubmissionInputSchema = z
  .object({
    name: requiredText(200),
    email: z
      .string({ error: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(254, 'is too long')
      .pipe(z.email({ error: 'must be a valid e-mail address' })),
    message: z
      .string({ error: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(FORM_MESSAGE_MAX, `must be at most ${FORM_MESSAGE_MAX} characters`),
    [HONEYPOT_FIELD]: z.unknown().optional(),
  })
  .loose();
export type FormSubmissionInput = z.input<typeof FormSubmissionInputSchema>;

export const FormFieldValueSchema = z.strictObject({ name: z.string(), label: z.string(), value: z.string() });

export const FormSubmissionAnswerSchema = z.strictObject({
  id: z.string(),
  pageId: z.string(),
  blockId: z.string(),
  pageTitle: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  fields: z.array(FormFieldValueSchema),
  read: z.boolean(),
  createdAt: z.string(),
  mailStatus: z.enum(['none', 'pending', 'sent', 'failed']),
});
export type FormSubmission = z.infer<typeof FormSubmissionAnswerSchema>;

/** What the visitor is told: the owner's thank-you line. */
export const FormSubmittedAnswerSchema = z.strictObject({ id: z.string(), message: z.string() });

/** The inbox: newest first, with the paging contract and a search over name, e-mail and message. */
export const FormSubmissionListQuerySchema = PageQuerySchema.extend({
  q: z.string({ error: 'must be text' }).trim().max(200, 'is too long').optional().transform((value) => value || undefined),
});
export type FormSubmissionListQuery = z.infer<typeof FormSubmissionListQuerySchema>;
