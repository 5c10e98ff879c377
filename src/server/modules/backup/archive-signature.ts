import { createHmac, timingSafeEqual } from 'node:crypto';
import { DamagedArchiveError } from './archive-errors';

/**
 * With BACKUP_KEY set, archives carry an HMAC-SHA256 of their manifest, and
 * the manifest holds every other entry's checksum: the signature covers the
 * whole archive. Without the key, anyone who edits an archive can fix its
 * checksums, which is why a restore also checks every row and file.
 */
export const SIGNATURE_PATH = 'manifest.sig';
const PREFIX = 'hmac-sha256:';

export const signatureOf = (key: string, manifest: Buffer) => `${PREFIX}${createHmac('sha256', key).update(manifest).digest('hex')}\n`;

/** Refuses, before anything changes, an archive this site's BACKUP_KEY did not sign. */
export function checkSignature(key: string | undefined, manifest: Buffer, signature: Buffer | undefined): void {
  if (!key) return;
  if (!signature) {
    throw new DamagedArchiveError('BACKUP_KEY is set and this archive is not signed: only archives written with the same BACKUP_KEY are restored. Nothing was changed.');
  }
  const expected = Buffer.from(signatureOf(key, manifest));
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
    throw new DamagedArchiveError('The archive\'s signature does not match BACKUP_KEY: it was signed with another key or edited since. Nothing was changed.');
  }
}
