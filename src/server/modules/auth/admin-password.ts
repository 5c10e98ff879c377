import type { Db } from '../../db/database';
import { nowIso } from '../../db/json';
import { insertAuditEntry } from '../audit/audit.repository';
import { generatePassword, hashPassword, verifyPassword } from './password';
import { revokeAllSessions, revokeOtherSessions } from './session.repository';

const SETTING_KEY = 'admin_password_hash';

/** The hash the login compares against, read on every attempt so a change made by any copy applies at once. */
export async function readAdminPasswordHash(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', SETTING_KEY).executeTakeFirst();
  return row?.value;
}

/** Where the stored password came from: only one set from the environment may be replaced by the environment. */
export type PasswordOrigin = 'environment' | 'generated' | 'admin' | 'command-line';
const ORIGIN_KEY = 'admin_password_origin';

async function readPasswordOrigin(db: Db): Promise<PasswordOrigin | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', ORIGIN_KEY).executeTakeFirst();
  return row?.value as PasswordOrigin | undefined;
}

async function storeSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: nowIso() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: nowIso() }))
    .execute();
}

/**
 * Stores a new password hash, with where it came from, and signs every
 * session out: a stolen token must not survive a password change.
 * `keepSessionId` spares the session of the admin who made the change.
 */
export async function replaceAdminPassword(
  db: Db,
  password: string,
  options: { origin: PasswordOrigin; keepSessionId?: string },
): Promise<void> {
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await storeSetting(trx, SETTING_KEY, hash);
    await storeSetting(trx, ORIGIN_KEY, options.origin);
    if (options.keepSessionId) await revokeOtherSessions(trx, options.keepSessionId);
    else await revokeAllSessions(trx);
  });
}

const CHANGED_BY: Record<PasswordOrigin | 'unknown', string> = {
  environment: 'set from the environment',
  generated: 'generated on first start',
  admin: 'changed in the admin',
  'command-line': 'set with npm run password',
  unknown: 'set before this version recorded where passwords come from',
};

export type StartupReport = { announce: (password: string) => void; warn: (message: string) => void };

/**
 * Start-up: the database keeps the one password every copy shares, and it is
 * the only source of truth (decision 049). ADMIN_PASSWORD sets it when the
 * database has none, or replaces it when the stored one was itself set from
 * the environment (the operator rotated it there). A password changed since
 * (in the admin, by `npm run password`, or generated) stays: the start warns
 * and writes an audit entry. Without ADMIN_PASSWORD, the first start
 * generates a password, prints it once and keeps only its hash.
 */
export async function ensureAdminPassword(db: Db, configured: string | undefined, report: StartupReport): Promise<void> {
  const stored = await readAdminPasswordHash(db);
  if (configured) {
    if (!stored) return replaceAdminPassword(db, configured, { origin: 'environment' });
    const origin = await readPasswordOrigin(db);
    if (await verifyPassword(configured, stored)) {
      // A database from before origins were kept, whose password is the environment's: from now on the environment may rotate it.
      if (!origin) await storeSetting(db, ORIGIN_KEY, 'environment');
      return;
    }
    if (origin === 'environment') {
      await replaceAdminPassword(db, configured, { origin: 'environment' });
      await insertAuditEntry(db, {
        action: 'auth.password_rotated',
        targetType: 'password',
        summary: 'Password replaced by a new ADMIN_PASSWORD at start-up; every session signed out',
      });
      return;
    }
    const why = `the admin password was ${CHANGED_BY[origin ?? 'unknown']} and differs from ADMIN_PASSWORD`;
    report.warn(`ADMIN_PASSWORD is ignored: ${why}. The database's password stays; reset it with npm run password, and remove ADMIN_PASSWORD.`);
    await insertAuditEntry(db, {
      action: 'auth.password_env_ignored',
      targetType: 'password',
      summary: `ADMIN_PASSWORD ignored at start-up: ${why}; the stored password stays`,
    });
    return;
  }
  if (stored) return;
  const password = generatePassword();
  const inserted = await db
    .insertInto('settings')
    .values({ key: SETTING_KEY, value: await hashPassword(password), updated_at: nowIso() })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  // Another copy of the app may have won the race on first start: its password stands.
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
    await storeSetting(db, ORIGIN_KEY, 'generated');
    report.announce(password);
  }
}
