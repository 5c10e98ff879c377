import { z } from 'zod';
import { PageQuerySchema } from './list';
import { textProblem } from './common';

/** Addresses that belong to the API, the back-office and files: never a page, so never redirected. */
const RESERVED_PREFIX = /^\/(?:api|admin|assets|uploads)(?:[/?#]|$)/i;

const FromSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(2000, 'is too long')
  .refine((value) => value.startsWith('/') && !value.startsWith('//'), 'must be a path starting with /')
  .refine((value) => !/[?#\s]/.test(value), 'must be a path only (no query, fragment or spaces)')
  .refine((value) => textProblem(value) === null, 'must not contain control or text-direction characters')
  .refine((value) => !RESERVED_PREFIX.test(value), 'must not start with /api, /admin, /assets or /uploads');

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/**
 * Why a redirect target is refused, or null. Checked on every write and again
 * on every answer (redirect.service.ts), so a row stored before these rules,
 * or brought in by a restore, can never put a line break in a Location header.
 */
export function redirectTargetProblem(value: string): string | null {
  const problem = textProblem(value);
  if (problem) return problem;
  if (/\s/.test(value)) return 'must not contain spaces, tabs or line breaks';
  // Browsers read `/\evil.example` as `//evil.example`: another site dressed as a path.
  if (value.includes('\\')) return 'must not contain a backslash';
  if ((value.startsWith('/') && !value.startsWith('//')) || isHttpUrl(value)) return null;
  return 'must be a path starting with / or an http(s) URL';
}

const ToSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(2000, 'is too long')
  .superRefine((value, context) => {
    const problem = redirectTargetProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const RedirectStatusSchema = z.union([z.literal(301), z.literal(302)], { error: 'must be 301 or 302' });

/** A manual redirect as the owner writes it; automatic ones are made by renames. */
export const RedirectInputSchema = z.object({
  from: FromSchema,
  to: ToSchema,
  status: RedirectStatusSchema.default(301),
});
export type RedirectInput = z.input<typeof RedirectInputSchema>;

export const RedirectAnswerSchema = z.strictObject({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  status: z.union([z.literal(301), z.literal(302)]),
  kind: z.enum(['automatic', 'manual']),
  /** The renamed item an automatic redirect leads to. */
  target: z.strictObject({ type: z.enum(['product', 'category', 'page']), id: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Redirect = z.infer<typeof RedirectAnswerSchema>;
export type RedirectKind = Redirect['kind'];

/** The admin list: paging and a case-insensitive search in both addresses. */
export const RedirectListQuerySchema = PageQuerySchema.extend({
  q: z
    .string({ error: 'must be text' })
    .trim()
    .max(200, 'is too long')
    .optional()
    .transform((value) => value || undefined),
});
export type RedirectListQuery = z.infer<typeof RedirectListQuerySchema>;
