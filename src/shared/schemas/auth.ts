import { z } from 'zod';

export const LoginSchema = z.object({
  password: z.string({ error: 'is required' }).min(1, 'is required').max(1024, 'is too long'),
  remember: z.boolean({ error: 'must be true or false' }).optional().default(false),
  /** The authenticator's code, or a recovery code, once two-factor sign-in is on. */
  code: z.string({ error: 'must be text' }).trim().max(64, 'is too long').optional(),
});
export type LoginInput = z.input<typeof LoginSchema>;
export const LoginAnswerSchema = z.strictObject({ token: z.string(), expiresAt: z.string() });
export type LoginResult = z.infer<typeof LoginAnswerSchema>;

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

export const TwoFactorSetupAnswerSchema = z.strictObject({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupAnswerSchema>;
export const TwoFactorStatusAnswerSchema = z.strictObject({ enabled: z.boolean(), recoveryCodesLeft: z.number() });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusAnswerSchema>;
/** Turning two-factor sign-in on answers the new recovery codes, shown once. */
export const RecoveryCodesAnswerSchema = z.strictObject({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesAnswerSchema>;
export const TwoFactorOffAnswerSchema = z.strictObject({ enabled: z.literal(false) });
export type TwoFactorOff = z.infer<typeof TwoFactorOffAnswerSchema>;

export const SessionInfoAnswerSchema = z.strictObject({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  /** A short name such as "Chrome on Linux", read from the user agent. */
  browser: z.string(),
  remember: z.boolean(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoAnswerSchema>;

/** The short answers of the sign-in calls. */
export const TokenValidAnswerSchema = z.strictObject({ valid: z.literal(true) });
export const LoggedOutAnswerSchema = z.strictObject({ loggedOut: z.literal(true) });
export const PasswordChangedAnswerSchema = z.strictObject({ changed: z.literal(true) });
export type PasswordChanged = z.infer<typeof PasswordChangedAnswerSchema>;
/** Signing others out answers how many; signing one out, that it was. */
export const SessionsRevokedAnswerSchema = z.strictObject({ revoked: z.number() });
export type SessionsRevoked = z.infer<typeof SessionsRevokedAnswerSchema>;
export const SessionRevokedAnswerSchema = z.strictObject({ revoked: z.literal(true) });
export type SessionRevoked = z.infer<typeof SessionRevokedAnswerSchema>;
