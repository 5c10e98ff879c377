import { z } from 'zod';

// Stored in lower case: people type their address in any case.
export const SubscribeSchema = z.object({
  email: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(254, 'is too long')
    .pipe(z.email({ error: 'must be a valid e-mail address' }))
    .transform((email) => email.toLowerCase()),
});
export type SubscribeInput = z.input<typeof SubscribeSchema>;

export type Subscriber = { id: string; email: string; createdAt: string };
