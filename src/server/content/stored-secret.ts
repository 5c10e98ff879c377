import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { nowIso } from '../db/json';

/**
 * The HMAC keys kept in the settings table. They belong to the running site,
 * never to its content: backups leave them out and a restore deletes them,
 * so the next use makes a fresh one (docs/decisions/050-backups-without-keys.md).
 */
export const SIGNING_KEYS = ['device_cookie_secret', 'preview_link_secret', 'newsletter_link_secret'] as const;
export type SigningKey = (typeof SIGNING_KEYS)[number];

/**
 * A signing key: whichever copy of the app writes it first, every copy (and
 * every restart) signs with the same one. Read on every use, not cached, so a
 * restore that replaces it takes effect in every running copy at once.
 */
export async function storedSecret(db: Db, key: SigningKey): Promise<Buffer> {
  const read = () => db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  let row = await read();
  if (!row) {
    await db
      .insertInto('settings')
      .values({ key, value: randomBytes(32).toString('base64url'), updated_at: nowIso() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    row = await read();
  }
  return Buffer.from(row!.value, 'base64url');
}
