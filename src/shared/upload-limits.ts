/**
 * What an upload may be, as the server enforces it (MAX_IMAGE_MB, MAX_VIDEO_MB
 * and the types recognised from the bytes). The admin reads it from
 * GET /api/media/upload-limits to state the limits under every picker and to
 * refuse a file before sending a byte, with the server's own words.
 */
export type UploadKindLimits = { maxBytes: number; types: string[] };
export type UploadLimits = { image: UploadKindLimits; video: UploadKindLimits };

export const megabytesText = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(2))} MB`;

export const tooLargeText = (kind: 'image' | 'video', maxBytes: number) =>
  `File is too large: ${kind === 'image' ? 'images' : 'videos'} may be at most ${megabytesText(maxBytes)}`;

/** "image/jpeg" → "JPEG": how the limits read under a picker. */
export const typeNames = (types: string[]) => types.map((type) => type.split('/')[1]?.toUpperCase() ?? type).join(', ');
