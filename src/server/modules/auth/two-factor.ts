import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/json';
import { badRequest, conflict } from '../../http/errors';
import { selectSetting, upsertSetting } from '../site/settings.repository';
import { openSecret, sealSecret } from '../../content/secret-box';
import { generateTotpSecret, matchTotp, otpauthUrl } from './totp';
import { acceptStep, lastAcceptedStep } from './two-factor-state';

// Settings keys: the active secret (its presence means two-factor sign-in is
// on) and the one offered by setup, which becomes active only once a code
// from it has been typed back.
const SECRET_KEY = 'admin_totp_secret';
const PENDING_KEY = 'admin_totp_pending_secret';
/** Stored sealed (content/secret-box.ts): a copy of the database alone does not give the codes away. */
export const TOTP_SETTINGS = [SECRET_KEY, PENDING_KEY];
const readSecret = async (db: Db, key: string) => {
  const stored = await selectSetting(db, key);
  return stored === undefined ? undefined : openSecret(db, key, stored);
};
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Showcase';
const ACCOUNT = 'admin';

/** `abcde-fghij`: 50 random bits, letters and digits that are hard to mistake for each other. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}
// Recovery codes are long random strings, so a fast hash is enough: nobody can guess through a list of them.
const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');

export async function isTwoFactorEnabled(db: Db): Promise<boolean> {
  return (await selectSetting(db, SECRET_KEY)) !== undefined;
}

export async function twoFactorStatus(db: Db): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  const enabled = await isTwoFactorEnabled(db);
  const row = await db.selectFrom('recovery_codes').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
  return { enabled, recoveryCodesLeft: enabled ? Number(row?.count ?? 0) : 0 };
}

/** Offers a new secret; nothing changes for sign-in until `enableTwoFactor` confirms a code from it. */
export async function startTwoFactorSetup(db: Db): Promise<{ secret: string; otpauthUrl: string }> {
  if (await isTwoFactorEnabled(db)) throw conflict('Two-factor sign-in is already on; turn it off first');
  const secret = generateTotpSecret();
  await upsertSetting(db, PENDING_KEY, await sealSecret(db, PENDING_KEY, secret));
  return { secret, otpauthUrl: otpauthUrl(secret, ACCOUNT, ISSUER) };
}

/**
 * Turns two-factor sign-in on once the app shows the right code; answers the
 * recovery codes, shown only this once, or undefined when the code does not
 * match (the caller counts that as a failed attempt).
 */
export async function enableTwoFactor(db: Db, code: string): Promise<string[] | undefined> {
  const pending = await readSecret(db, PENDING_KEY);
  if (!pending) throw badRequest('Start the two-factor setup first');
  if (!(await acceptTotp(db, pending, code))) return undefined;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const createdAt = nowIso();
  const sealed = await sealSecret(db, SECRET_KEY, pending);
  await db.transaction().execute(async (trx) => {
    await upsertSetting(trx, SECRET_KEY, sealed);
    await trx.deleteFrom('settings').where('key', '=', PENDING_KEY).execute();
    await trx.deleteFrom('recovery_codes').execute();
    await trx
      .insertInto('recovery_codes')
      .values(codes.map((recovery) => ({ code_hash: hashRecoveryCode(recovery), created_at: createdAt })))
      .execute();
  });
  return codes;
}

export async function disableTwoFactor(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('settings').where('key', 'in', [SECRET_KEY, PENDING_KEY]).execute();
    await trx.deleteFrom('recovery_codes').execute();
  });
}

/** A code of a time step not yet used, which it uses up: every step is accepted once, whatever the secret. */
async function acceptTotp(db: Db, secret: string, code: string): Promise<boolean> {
  const step = matchTotp(secret, code, Date.now(), await lastAcceptedStep(db));
  return step !== undefined && (await acceptStep(db, step));
}

/**
 * A current code from the authenticator, or an unused recovery code; either
 * is used up. Callers go through the secret guard, which limits how many are
 * checked (secret-guard.ts).
 */
export async function checkSecondFactor(db: Db, code: string): Promise<'totp' | 'recovery' | false> {
  const secret = await readSecret(db, SECRET_KEY);
  if (!secret) return false;
  if (await acceptTotp(db, secret, code)) return 'totp';
  // Deleting the row is the check: of two sign-ins racing with one code, only one deletes it.
  const used = await db.deleteFrom('recovery_codes').where('code_hash', '=', hashRecoveryCode(code)).executeTakeFirst();
  return Number(used.numDeletedRows) > 0 ? 'recovery' : false;
}
