import { createHmac } from 'node:crypto';

/**
 * RFC 6238 (TOTP, SHA-1, 6 digits, 30 s) written here from the RFC,
 * independently of the app's own implementation, so a mistake there shows.
 */
export function rfc6238(base32Secret: string, atMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bitString = '';
  for (const char of base32Secret.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    bitString += index.toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bitString.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[19]! & 0xf;
  const value = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(value % 1_000_000).padStart(6, '0');
}
