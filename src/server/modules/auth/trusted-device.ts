import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { storedSecret } from '../../content/stored-secret';

/**
 * A browser that has signed in before carries a signed device cookie. Its
 * failed attempts are counted under the device, not under the network
 * address, so strangers who share (or spoof) the owner's address cannot lock
 * the owner out; a stolen cookie still gets only the usual few guesses.
 */
const COOKIE = 'showcase_device';
const SECRET_KEY = 'device_cookie_secret';
const ONE_YEAR_S = 365 * 24 * 60 * 60;


const sign = (secret: Buffer, id: string) => createHmac('sha256', secret).update(id).digest('base64url');

function cookieValue(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

/** The device id of a validly signed cookie, or null. */
export async function trustedDeviceOf(db: Db, request: FastifyRequest): Promise<string | null> {
  const value = cookieValue(request);
  const match = value ? /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!match) return null;
  const [, id, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(sign(await storedSecret(db, SECRET_KEY), id));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** After a successful sign-in: (re)issue the cookie for a year. */
export async function trustDevice(db: Db, reply: FastifyReply, existingId: string | null, secure: boolean): Promise<void> {
  const id = existingId ?? randomBytes(16).toString('base64url');
  const value = `${id}.${sign(await storedSecret(db, SECRET_KEY), id)}`;
  reply.header(
    'Set-Cookie',
    `${COOKIE}=${value}; Path=/api/auth; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
  );
}
