/**
 * Recognises the media types we accept from their first bytes. The file name
 * and the browser's declared type are never trusted.
 */
export type MediaKind = 'image' | 'video';

export type SniffedType = {
  kind: MediaKind;
  mimeType: string;
  /** File extension for the generated name, without the dot. */
  extension: string;
};

/** How many leading bytes `sniffType` needs to decide. */
export const SNIFF_BYTES = 64;

const TYPES = {
  jpeg: { kind: 'image', mimeType: 'image/jpeg', extension: 'jpg' },
  png: { kind: 'image', mimeType: 'image/png', extension: 'png' },
  webp: { kind: 'image', mimeType: 'image/webp', extension: 'webp' },
  gif: { kind: 'image', mimeType: 'image/gif', extension: 'gif' },
  avif: { kind: 'image', mimeType: 'image/avif', extension: 'avif' },
  mp4: { kind: 'video', mimeType: 'video/mp4', extension: 'mp4' },
  webm: { kind: 'video', mimeType: 'video/webm', extension: 'webm' },
} as const satisfies Record<string, SniffedType>;

/** Every type an upload can be stored as: a restore takes back no other file. */
export const UPLOAD_TYPES: readonly SniffedType[] = Object.values(TYPES);

// ISO base media brands that browsers play as MP4 video. HEIC/HEIF stills and
// QuickTime (qt) share the container but are not what a <video> tag expects.
const MP4_BRANDS = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso7', 'iso8', 'iso9',
  'mp41', 'mp42', 'mp71', 'avc1', 'M4V ', 'M4VH', 'M4VP', 'dash', 'msnv', 'ndas', 'mmp4',
]);
const AVIF_BRANDS = new Set(['avif', 'avis']);

const ascii = (bytes: Uint8Array, start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1');

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((value, index) => bytes[offset + index] === value);
}

/** The major brand and compatible brands of an ISO-BMFF `ftyp` box, or null. */
function ftypBrands(bytes: Uint8Array): string[] | null {
  if (bytes.length < 12 || ascii(bytes, 4, 8) !== 'ftyp') return null;
  const boxSize = Buffer.from(bytes.subarray(0, 4)).readUInt32BE(0);
  const end = Math.min(bytes.length, boxSize >= 16 ? boxSize : 12);
  const brands = [ascii(bytes, 8, 12)];
  // Bytes 12..16 hold the minor version; compatible brands follow.
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands;
}

/** The MIME types recognised for one kind, as the admin's pickers state them. */
export const acceptedTypes = (kind: MediaKind): string[] =>
  Object.values(TYPES)
    .filter((type) => type.kind === kind)
    .map((type) => type.mimeType);

export function sniffType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return TYPES.jpeg;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return TYPES.png;
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return TYPES.webp;
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return TYPES.gif;
  const brands = ftypBrands(bytes);
  if (brands) {
    const [major = ''] = brands;
    if (AVIF_BRANDS.has(major)) return TYPES.avif;
    // Some encoders write the generic still-image brand first and list avif after it.
    if ((major === 'mif1' || major === 'msf1') && brands.some((brand) => AVIF_BRANDS.has(brand))) return TYPES.avif;
    if (MP4_BRANDS.has(major)) return TYPES.mp4;
    return null;
  }
  // EBML header; its DocType says whether this is WebM or general Matroska.
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(bytes, 4, Math.min(bytes.length, SNIFF_BYTES)).includes('webm')) {
    return TYPES.webm;
  }
  return null;
}
