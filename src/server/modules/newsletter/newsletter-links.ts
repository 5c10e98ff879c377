import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database';
import { storedSecret } from '../../content/stored-secret';

/**
 * Signed links in newsletter mail. A token names the subscriber (never the
 * address, so links in logs give nothing away), what it is for and, for
 * confirmation, when it stops working. The HMAC secret lives in `settings`,
 * so every copy of the app signs and checks alike.
 */
const SECRET_KEY = 'newsletter_link_secret';
export const CONFIRM_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const CONFIRM_PATH = '/newsletter/confirm';
export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';

type Purpose = 'confirm' | 'unsubscribe';
/** `issuedAt` (ms) of a confirmation link; 0 for unsubscribe links, which carry no time. */
export type LinkCheck = { valid: true; subscriberId: string; issuedAt: number } | { valid: false; reason: 'invalid' | 'expired' };


const signature = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

/** `<purpose>.<subscriber id>.<expiry ms or 0>.<signature>`, URL-safe. */
export async function signLink(db: Db, purpose: Purpose, subscriberId: string, now = Date.now()): Promise<string> {
  // Unsubscribe links never expire: an old mail must still let its reader leave.
  const expires = purpose === 'confirm' ? now + CONFIRM_LINK_TTL_MS : 0;
  const payload = `${purpose}.${subscriberId}.${expires}`;
  return `${payload}.${signature(await storedSecret(db, SECRET_KEY), payload)}`;
}

export async function checkLink(db: Db, purpose: Purpose, token: string | undefined, now = Date.now()): Promise<LinkCheck> {
  const match = token ? /^(confirm|unsubscribe)\.([A-Za-z0-9-]{1,64})\.(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  if (!match || match[1] !== purpose) return { valid: false, reason: 'invalid' };
  const [, , subscriberId = '', expires = '0', given = ''] = match;
  const expected = Buffer.from(signature(await storedSecret(db, SECRET_KEY), `${purpose}.${subscriberId}.${expires}`));
  if (!timingSafeEqual(expected, Buffer.from(given))) return { valid: false, reason: 'invalid' };
  if (purpose === 'confirm' && Number(expires) < now) return { valid: false, reason: 'expired' };
  // A confirmation link's time is its expiry less the fixed lifetime: when its mail was made.
  return { valid: true, subscriberId, issuedAt: purpose === 'confirm' ? Number(expires) - CONFIRM_LINK_TTL_MS : 0 };
}

export async function confirmUrl(db: Db, publicUrl: string, subscriberId: string): Promise<string> {
  return `${publicUrl}${CONFIRM_PATH}?token=${await signLink(db, 'confirm', subscriberId)}`;
}

export async function unsubscribeUrl(db: Db, publicUrl: string, subscriberId: string): Promise<string> {
  return `${publicUrl}${UNSUBSCRIBE_PATH}?token=${await signLink(db, 'unsubscribe', subscriberId)}`;
}
