import { z } from 'zod';

export const LoginSchema = z.object({
  password: z.string({ error: 'is required' }).min(1, 'is required').max(1024, 'is too long'),
  remember: z.boolean({ error: 'must be true or false' }).optional().default(false),
});
export type LoginInput = z.input<typeof LoginSchema>;
export type LoginResult = { token: string; expiresAt: string };
