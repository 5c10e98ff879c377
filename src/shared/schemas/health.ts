import { z } from 'zod';

const DatabaseKindSchema = z.enum(['sqlite', 'postgres']);

/** GET /api/health: the process and its database answer. */
export const HealthAnswerSchema = z.strictObject({ status: z.literal('ok'), database: DatabaseKindSchema });

/** GET /api/health/ready: writes would succeed too (docs/decisions/010-database-faults.md). */
export const ReadinessAnswerSchema = z.strictObject({
  status: z.literal('ready'),
  database: DatabaseKindSchema,
  checks: z.strictObject({
    write: z.enum(['ok', 'failed']),
    disk: z.strictObject({ freeBytes: z.number(), ok: z.boolean() }).nullable(),
    notifications: z.string(),
  }),
});
