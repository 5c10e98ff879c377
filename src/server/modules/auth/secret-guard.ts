import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbKind } from '../../db/database';
import { tooManyRequests, type HttpError } from '../../http/errors';
import type { AuditLog } from '../audit/audit-log';
import { readAdminPasswordHash } from './admin-password';
import { HashLimiter } from './hash-limiter';
import { clearAllFailures, clearFailures, reserveAttempt } from './login-throttle';
import { verifyPassword } from './password';
import { trustDevice, trustedDeviceOf } from './trusted-device';
import { checkSecondFactor, isTwoFactorEnabled } from './two-factor';
import { WRONG_CODES_PER_HOUR, clearWrongCodes, codesPausedFor, refundWrongCode, reserveWrongCode } from './two-factor-state';

/** Every place a typed secret is checked, and the audit entry its failure writes. */
const PURPOSES = {
  login: { failed: 'auth.login_failed', targetType: 'session', locked: 'Too many failed login attempts', secondFactor: true },
  passwordChange: { failed: 'auth.password_change_failed', targetType: 'password', locked: 'Too many failed attempts', secondFactor: false },
  enableTwoFactor: { failed: 'auth.2fa_enable_failed', targetType: '2fa', locked: 'Too many failed attempts', secondFactor: false },
  disableTwoFactor: { failed: 'auth.2fa_disable_failed', targetType: '2fa', locked: 'Too many failed attempts', secondFactor: true },
} as const;
export type SecretPurpose = keyof typeof PURPOSES;

export type SecondFactorOutcome = 'not-required' | 'missing' | 'invalid' | 'totp' | 'recovery';

type GuardContext = { db: Db; dbKind: DbKind; audit: AuditLog };

const inWords = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
};

function codesPaused(reply: FastifyReply, waitMs: number): HttpError {
  reply.header('Retry-After', String(Math.ceil(waitMs / 1000)));
  return tooManyRequests(`Too many wrong two-factor codes for this account. Try again in ${inWords(waitMs)}.`);
}

/**
 * The one way a typed secret (the password, a TOTP or recovery code) is
 * checked, for every route that takes one (decision 049). Each check shares
 * the sign-in's defences: the client (its device cookie, else its address)
 * is locked out after a few failures, with decay; a locked client gets 429
 * before any hashing; at most two password hashes run at once in the
 * process; second-factor codes draw on an account-wide budget; every failure
 * lands in the audit trail.
 */
export class SecretGuard {
  private readonly hashing = new HashLimiter();

  constructor(
    private readonly ctx: GuardContext,
    private readonly secureCookies: boolean,
  ) {}

  /**
   * Starts a check. The attempt is counted as failed from here until `pass`,
   * so however many arrive at once, only the allowed number is checked.
   */
  async open(request: FastifyRequest, reply: FastifyReply, purpose: SecretPurpose): Promise<SecretAttempt> {
    if (PURPOSES[purpose].secondFactor) {
      // No code can be checked until the hour is over, so neither is the password; the wait is not the client's failure.
      const pausedMs = await codesPausedFor(this.ctx.db);
      if (pausedMs > 0 && (await isTwoFactorEnabled(this.ctx.db))) throw codesPaused(reply, pausedMs);
    }
    const device = await trustedDeviceOf(this.ctx.db, request);
    // A browser that signed in before is counted on its own, so strangers at the same address cannot lock it out.
    const clientKey = device ? `device:${device}` : `ip:${request.ip}`;
    const reservation = await reserveAttempt(this.ctx.db, this.ctx.dbKind, clientKey);
    if (!reservation.allowed) {
      reply.header('Retry-After', String(Math.ceil(reservation.waitMs / 1000)));
      throw tooManyRequests(`${PURPOSES[purpose].locked}. Try again in ${Math.ceil(reservation.waitMs / 1000)} seconds.`);
    }
    return new SecretAttempt(this.ctx, this.hashing, this.secureCookies, request, reply, purpose, {
      clientKey,
      device,
      lockMs: reservation.lockMs,
    });
  }
}

type Client = { clientKey: string; device: string | null; lockMs: number };

export class SecretAttempt {
  constructor(
    private readonly ctx: GuardContext,
    private readonly hashing: HashLimiter,
    private readonly secureCookies: boolean,
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly purpose: SecretPurpose,
    private readonly client: Client,
  ) {}

  /** Whether `given` is the admin password. A full house of hashes answers 503 with Retry-After. */
  async password(given: string): Promise<boolean> {
    const hash = await readAdminPasswordHash(this.ctx.db);
    if (hash === undefined) return false;
    return this.hashing.run(() => verifyPassword(given, hash)).catch((error: unknown) => {
      this.reply.header('Retry-After', '1');
      throw error;
    });
  }

  /**
   * The second step, after the password matched. A code is reserved against
   * the account-wide budget before it is checked (and given back when right):
   * wrong codes from any number of addresses stop at WRONG_CODES_PER_HOUR.
   */
  async secondFactor(code: string | undefined): Promise<SecondFactorOutcome> {
    const { db, dbKind } = this.ctx;
    if (!(await isTwoFactorEnabled(db))) return 'not-required';
    if (!code) return 'missing';
    const budget = await reserveWrongCode(db, dbKind);
    if (!budget.allowed) throw codesPaused(this.reply, budget.waitMs);
    const outcome = await checkSecondFactor(db, code);
    if (outcome) {
      await refundWrongCode(db);
      return outcome;
    }
    if (budget.wrongSoFar >= WRONG_CODES_PER_HOUR) {
      this.ctx.audit.recordFor(this.request, {
        action: 'auth.2fa_paused',
        targetType: '2fa',
        summary:
          `${WRONG_CODES_PER_HOUR} wrong two-factor codes within an hour, after the right password: ` +
          'codes are refused for the rest of the hour, from every address. Whoever typed them knows the password: change it.',
      });
    }
    return 'invalid';
  }

  /** A wrong secret: its audit entry (saying when a lock starts), then the refusal. The attempt stays counted. */
  fail(summary: string, error: HttpError): never {
    const { lockMs } = this.client;
    const from = this.client.device ? 'this browser' : 'this address';
    const lock = lockMs > 0 ? `; further attempts from ${from} wait ${inWords(lockMs)}` : '';
    const { failed, targetType } = PURPOSES[this.purpose];
    this.ctx.audit.recordFor(this.request, { action: failed, targetType, summary: `${summary}${lock}` });
    throw error;
  }

  /** The secret was right: the client's failures are forgiven, and a browser that signed in is remembered. */
  async pass(): Promise<void> {
    await clearFailures(this.ctx.db, this.client.clientKey);
    if (this.purpose === 'login') await trustDevice(this.ctx.db, this.reply, this.client.device, this.secureCookies);
  }
}

/** `npm run password`: the operator at the server vouches for whoever comes next, so every lock and the code budget end. */
export async function forgiveAllFailures(db: Db): Promise<void> {
  await clearAllFailures(db);
  await clearWrongCodes(db);
}
