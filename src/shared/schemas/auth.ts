import { z } from 'zod';

export const LoginSchema = z.object({
  password: z.string({ error: 'is required' }).min(1, 'is required').max(1024, 'is too long'),
  remember: z.boolean({ error: 'must be true or false' }).optional().default(false),
  /** The authenticator's code, or a recovery code, once two-factor sign-in is on. */
  code: z.string({ error: 'must be text' }).trim().max(64, 'is too long').optional(),
});
export type LoginInput = z.input<typeof LoginSchema>;
export type LoginResult = { token: string; expiresAt: string };

/** A new admin password: the server also refuses the most common ones. */
export const MIN_PASSWORD_LENGTH = 12;

export const ChangePasswordSchema = z.object({
  currentPassword: z.string({ error: 'is required' }).min(1, 'is required').max(1024, 'is too long'),
  newPassword: z
    .string({ error: 'is required' })
    .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(1024, 'is too long'),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

export const TwoFactorCodeSchema = z.object({
  code: z.string({ error: 'is required' }).trim().min(1, 'is required').max(64, 'is too long'),
});

export const DisableTwoFactorSchema = z.object({
  password: z.string({ error: 'is required' }).min(1, 'is required').max(1024, 'is too long'),
  code: z.string({ error: 'is required' }).trim().min(1, 'is required').max(64, 'is too long'),
});

export type TwoFactorSetup = { secret: string; otpauthUrl: string };
export type TwoFactorStatus = { enabled: boolean; recoveryCodesLeft: number };

export type SessionInfo = {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  ip: string;
  userAgent: string;
  /** A short name such as "Chrome on Linux", read from the user agent. */
  browser: string;
  remember: boolean;
  current: boolean;
};
