import { z } from 'zod';
import { PageQuerySchema } from './list';

/** One line of the audit log, as `GET /api/audit` answers it. */
export type AuditEntry = {
  id: string;
  at: string;
  /** `<area>.<verb>`, e.g. `product.update`, `auth.login`, `auth.login_failed`. */
  action: string;
  targetType: string;
  targetId: string | null;
  summary: string;
  ip: string;
};

export type AuditPage = { success: true; data: AuditEntry[]; meta: { nextCursor: string | null; total: number } };

/** The list paging contract (decision 006): no `limit` answers everything; filters narrow either way. */
export const AuditQuerySchema = PageQuerySchema.extend({
  action: z.string().trim().max(100, 'is too long').optional(),
  targetType: z.string().trim().max(100, 'is too long').optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
