import { z } from 'zod';
import { PageQuerySchema } from './list';
import { pageAnswerSchema } from './api';

/** One line of the audit log, as `GET /api/audit` answers it. */
export const AuditEntryAnswerSchema = z.strictObject({
  id: z.string(),
  at: z.string(),
  /** `<area>.<verb>`, e.g. `product.update`, `auth.login`, `auth.login_failed`. */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  summary: z.string(),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntryAnswerSchema>;

export const AuditPageAnswerSchema = pageAnswerSchema(AuditEntryAnswerSchema);
export type AuditPage = z.infer<typeof AuditPageAnswerSchema>;

/** The list paging contract (decision 006): no `limit` answers everything; filters narrow either way. */
export const AuditQuerySchema = PageQuerySchema.extend({
  action: z.string().trim().max(100, 'is too long').optional(),
  targetType: z.string().trim().max(100, 'is too long').optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
