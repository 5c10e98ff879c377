import type { z } from 'zod';
// Types only: the admin's pickers load this file without zod.
import type { UploadLimitsAnswerSchema } from './schemas/media';

/**
 * What an upload may be, as the server enforces it (MAX_IMAGE_MB, MAX_VIDEO_MB
 * and the types recognised from the bytes). The admin reads it from
 * GET /api/media/upload-limits to state the limits under every picker and to
 * refuse a file before sending a byte, with the server's own words.
 */
export type UploadLimits = z.infer<typeof UploadLimitsAnswerSchema>;
export type UploadKindLimits = UploadLimits['image'];

export const megabytesText = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(2))} MB`;

export const tooLargeText = (kind: 'image' | 'video', maxBytes: number) =>
  `File is too large: ${kind === 'image' ? 'images' : 'videos'} may be at most ${megabytesText(maxBytes)}`;

/** ["image/jpeg", "image/png"] → "JPEG or PNG": how the types read under a picker. */
export function typeNames(types: string[]): string {
  const names = types.map((type) => type.split('/')[1]?.toUpperCase() ?? type);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}

export const wrongTypeText = (kind: 'image' | 'video', types: string[]) =>
  `Unsupported file type: ${kind === 'image' ? 'images' : 'videos'} may be ${typeNames(types)}`;
