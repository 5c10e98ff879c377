import type { Db } from '../../db/database';
import { nowIso } from '../../db/json';
import { generatePassword, hashPassword } from './password';

const SETTING_KEY = 'admin_password_hash';

/**
 * Returns the hash the login compares against. ADMIN_PASSWORD wins when set;
 * otherwise the first start generates a password, prints it once and keeps
 * only its hash, so every copy of the app shares it through the database.
 */
export async function resolveAdminPasswordHash(
  db: Db,
  configured: string | undefined,
  announce: (password: string) => void,
): Promise<string> {
  if (configured) return hashPassword(configured);
  const stored = await db.selectFrom('settings').select('value').where('key', '=', SETTING_KEY).executeTakeFirst();
  if (stored) return stored.value;
  const password = generatePassword();
  const hash = await hashPassword(password);
  const inserted = await db
    .insertInto('settings')
    .values({ key: SETTING_KEY, value: hash, updated_at: nowIso() })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    // Another copy of the app won the race on first start: use its password.
    const winner = await db.selectFrom('settings').select('value').where('key', '=', SETTING_KEY).executeTakeFirstOrThrow();
    return winner.value;
  }
  announce(password);
  return hash;
}
