import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** RFC 6238 defaults, which every authenticator app uses: SHA-1, 6 digits, 30-second steps. */
const STEP_SECONDS = 30;
const DIGITS = 6;
/** One step either side, for a phone clock a little off. */
const WINDOW = 1;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(data: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of data) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('Invalid base32 text');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new shared secret: 160 bits, the size RFC 4226 recommends for SHA-1. */
export const generateTotpSecret = () => base32Encode(randomBytes(20));

/** The HOTP value (RFC 4226) for one counter. */
function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / STEP_SECONDS);

export function totpCode(secret: string, nowMs = Date.now()): string {
  return hotp(base32Decode(secret), totpStep(nowMs));
}

/**
 * The earliest time step within the window, and later than `afterStep` (the
 * last one accepted: RFC 6238 §5.2 wants each code taken once), that the code
 * matches; or undefined.
 */
export function matchTotp(secret: string, code: string, nowMs = Date.now(), afterStep = -1): number | undefined {
  const candidate = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(candidate)) return undefined;
  const key = base32Decode(secret);
  const current = totpStep(nowMs);
  for (let step = Math.max(current - WINDOW, afterStep + 1); step <= current + WINDOW; step++) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(candidate))) return step;
  }
  return undefined;
}

export function otpauthUrl(secret: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(DIGITS), period: String(STEP_SECONDS) });
  return `otpauth://totp/${label}?${params.toString()}`;
}
