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

function cookieValue(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

/** The device id of a validly signed cookie, or null. */
export const trustedDeviceOf = (db: Db, request: FastifyRequest): Promise<string | null> => deviceOfCookieHeader(db, request.headers.cookie);

/** Whether a `Cookie` header may carry the device cookie: a cheap look before the signature is checked. */
export const mayCarryDeviceCookie = (header: string | undefined) => header !== undefined && header.includes(`${COOKIE}=`);

/** The device id of a validly signed cookie in a `Cookie` header, or null. */
export async function deviceOfCookieHeader(db: Db, header: string | undefined): Promise<string | null> {
  const value = cookieValue(header);
  const match = value ? /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!match) return null;
  const [, id, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(sign(await storedSecret(db, SECRET_KEY), id));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/**
 * After a successful sign-in: (re)issue the cookie for a year. Its path is the
 * whole site so that the owner's own page views are recognised and left
 * uncounted (decision 060); it still only says "this browser signed in here".
 */
export async function trustDevice(db: Db, reply: FastifyReply, existingId: string | null, secure: boolean): Promise<void> {
  const id = existingId ?? randomBytes(16).toString('base64url');
  const value = `${id}.${sign(await storedSecret(db, SECRET_KEY), id)}`;
  reply.header(
    'Set-Cookie',
    `${COOKIE}=${value}; Path=/; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
  );
}
