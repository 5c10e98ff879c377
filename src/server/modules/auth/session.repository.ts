import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';

const HOUR_MS = 60 * 60 * 1000;
export const SESSION_TTL_MS = 12 * HOUR_MS;
export const REMEMBERED_SESSION_TTL_MS = 30 * 24 * HOUR_MS;

/** Only a hash of the token is stored, so a leaked database opens no session. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, remember: boolean): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + (remember ? REMEMBERED_SESSION_TTL_MS : SESSION_TTL_MS)).toISOString();
  await db.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), created_at: now.toISOString(), expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

export async function isLiveSession(db: Db, token: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('token_hash')
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

/** Signs every session out (password change or rotation). */
export async function revokeAllSessions(db: Db): Promise<void> {
  await db.deleteFrom('sessions').execute();
}
