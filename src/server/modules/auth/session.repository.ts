import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { SessionRow } from '../../db/schema';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Inactivity allowed before a session ends: sliding, moved forward on each use. */
export const SESSION_TTL_MS = 12 * HOUR_MS;
export const REMEMBERED_SESSION_TTL_MS = 30 * DAY_MS;
/** However active, a session ends this long after sign-in. */
export const SESSION_MAX_AGE_MS = 90 * DAY_MS;
/** `last_seen_at` is written at most this often, so most authenticated reads stay reads. */
export const TOUCH_INTERVAL_MS = MINUTE_MS;

/** Only a hash of the token is stored, so a leaked database opens no session. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type SessionOrigin = { ip: string; userAgent: string };
export type LiveSession = Pick<SessionRow, 'id' | 'created_at' | 'last_seen_at' | 'expires_at' | 'remember' | 'ip' | 'user_agent'>;

const ttl = (remember: boolean) => (remember ? REMEMBERED_SESSION_TTL_MS : SESSION_TTL_MS);
const earlier = (a: string, b: string) => (a < b ? a : b);

export async function createSession(
  db: Db,
  remember: boolean,
  origin: SessionOrigin = { ip: '', userAgent: '' },
): Promise<{ token: string; expiresAt: string; sessionId: string }> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const nowText = new Date(now).toISOString();
  const absolute = new Date(now + SESSION_MAX_AGE_MS).toISOString();
  const expiresAt = earlier(new Date(now + ttl(remember)).toISOString(), absolute);
  const id = randomUUID();
  await deleteExpiredSessions(db, nowText);
  await db
    .insertInto('sessions')
    .values({
      id,
      token_hash: hashToken(token),
      created_at: nowText,
      last_seen_at: nowText,
      expires_at: expiresAt,
      absolute_expires_at: absolute,
      remember: remember ? 1 : 0,
      ip: origin.ip.slice(0, 100),
      user_agent: origin.userAgent.slice(0, 500),
    })
    .execute();
  return { token, expiresAt, sessionId: id };
}

async function deleteExpiredSessions(db: Db, nowText: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', nowText), eb('absolute_expires_at', '<=', nowText)]))
    .execute();
}

/**
 * The live session a token opens, or undefined. Using a session slides its
 * inactivity expiry forward, but the row is written at most once a minute.
 */
export async function findLiveSession(db: Db, token: string, now = Date.now()): Promise<LiveSession | undefined> {
  const nowText = new Date(now).toISOString();
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'absolute_expires_at', 'remember', 'ip', 'user_agent'])
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', nowText)
    .where('absolute_expires_at', '>', nowText)
    .executeTakeFirst();
  if (!row) return undefined;
  if (now - Date.parse(row.last_seen_at) >= TOUCH_INTERVAL_MS) {
    const expiresAt = earlier(new Date(now + ttl(row.remember === 1)).toISOString(), row.absolute_expires_at);
    await db.updateTable('sessions').set({ last_seen_at: nowText, expires_at: expiresAt }).where('id', '=', row.id).execute();
    return { ...row, last_seen_at: nowText, expires_at: expiresAt };
  }
  return row;
}


export async function listLiveSessions(db: Db, now = Date.now()): Promise<LiveSession[]> {
  const nowText = new Date(now).toISOString();
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'remember', 'ip', 'user_agent'])
    .where('expires_at', '>', nowText)
    .where('absolute_expires_at', '>', nowText)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

/** Resolves to whether a session with that id existed. */
export async function revokeSessionById(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Signs every session out (password rotation at start-up, CLI reset). */
export async function revokeAllSessions(db: Db): Promise<void> {
  await db.deleteFrom('sessions').execute();
}

/** Signs every session but one out (password change, "everywhere else"); resolves to how many ended. */
export async function revokeOtherSessions(db: Db, keepId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('id', '<>', keepId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
