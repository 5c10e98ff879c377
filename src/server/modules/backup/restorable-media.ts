import { isValidKey } from '../media/media-store';
import { SNIFF_BYTES, UPLOAD_TYPES, sniffType } from '../media/sniff-type';

/**
 * Files served from /uploads/ get their Content-Type from their name, so a
 * restored file must be named like an upload and hold what its name says:
 * an image or video an upload could have produced, never script or HTML
 * (docs/decisions/050-backups-without-keys.md).
 */
const MIME_BY_EXTENSION = new Map(UPLOAD_TYPES.map((type) => [type.extension, type.mimeType]));
const extensionOf = (key: string) => /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase() ?? '';

export const mimeTypeOfKey = (key: string) => MIME_BY_EXTENSION.get(extensionOf(key));
export const isRestorableMediaKey = (key: string) => isValidKey(key) && mimeTypeOfKey(key) !== undefined;
export { SNIFF_BYTES as MEDIA_HEAD_BYTES };

/** Why a media file of an archive is not restored, or null when its name and first bytes agree on an upload's type. */
export function mediaFileProblem(key: string, head: Uint8Array): string | null {
  if (!isRestorableMediaKey(key)) return 'not named like an image or video upload';
  const sniffed = sniffType(head);
  if (!sniffed) return 'not an image or video';
  if (sniffed.mimeType !== mimeTypeOfKey(key)) return `holds ${sniffed.mimeType} under a .${extensionOf(key)} name`;
  return null;
}
