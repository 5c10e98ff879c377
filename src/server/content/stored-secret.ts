import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { nowIso } from '../db/json';

const cache = new WeakMap<Db, Map<string, Buffer>>();

/**
 * A signing key kept in the settings table: whichever copy of the app writes
 * it first, every copy (and every restart) signs with the same one.
 */
export async function storedSecret(db: Db, key: string): Promise<Buffer> {
  const known = cache.get(db)?.get(key);
  if (known) return known;
  await db
    .insertInto('settings')
    .values({ key, value: randomBytes(32).toString('base64url'), updated_at: nowIso() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  const secret = Buffer.from(row.value, 'base64url');
  if (!cache.has(db)) cache.set(db, new Map());
  cache.get(db)!.set(key, secret);
  return secret;
}
