import type { Db } from '../../db/database';
import { nowIso } from '../../db/json';
import { generatePassword, hashPassword, verifyPassword } from './password';
import { revokeAllSessions, revokeOtherSessions } from './session.repository';

const SETTING_KEY = 'admin_password_hash';

/** The hash the login compares against, read on every attempt so a change made by any copy applies at once. */
export async function readAdminPasswordHash(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', SETTING_KEY).executeTakeFirst();
  return row?.value;
}

/**
 * Stores a new password hash and signs every session out: a stolen token
 * must not survive a password change. `keepSessionId` spares the session of
 * the admin who made the change.
 */
export async function replaceAdminPassword(db: Db, password: string, options: { keepSessionId?: string } = {}): Promise<void> {
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('settings')
      .values({ key: SETTING_KEY, value: hash, updated_at: nowIso() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: hash, updated_at: nowIso() }))
      .execute();
    if (options.keepSessionId) await revokeOtherSessions(trx, options.keepSessionId);
    else await revokeAllSessions(trx);
  });
}

/**
 * Start-up: the database keeps the one password hash every copy shares.
 * ADMIN_PASSWORD, when it differs from the stored password, replaces it (and
 * signs everyone out), so operators who manage it in the environment keep
 * control. Without it, the first start generates a password, prints it once
 * and keeps only its hash.
 */
export async function ensureAdminPassword(db: Db, configured: string | undefined, announce: (password: string) => void): Promise<void> {
  const stored = await readAdminPasswordHash(db);
  if (configured) {
    if (!stored || !(await verifyPassword(configured, stored))) await replaceAdminPassword(db, configured);
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
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) announce(password);
}
