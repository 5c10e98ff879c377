import { z } from 'zod';
import { cleanText } from './common';
import { VARIANT_FORMATS } from '../media';

/** One content item showing a file: `kind` names its content type (declared once, in src/server/content/types.ts). */
const MediaUsageSchema = z.strictObject({ kind: z.string(), id: z.string(), title: z.string() });
export type MediaUsage = z.infer<typeof MediaUsageSchema>;

const FocalPointSchema = z.strictObject({ x: z.number(), y: z.number() });
export type FocalPoint = z.infer<typeof FocalPointSchema>;

/** One item of the media library (GET /api/media). */
export const MediaItemAnswerSchema = z.strictObject({
  id: z.string(),
  url: z.string(),
  type: z.enum(['image', 'video']),
  mime: z.string(),
  bytes: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  alt: z.string(),
  createdAt: z.string(),
  usedBy: z.array(MediaUsageSchema),
  /** The uploaded file's name. */
  name: z.string(),
  decorative: z.boolean(),
  focalPoint: FocalPointSchema,
  /** none (video), pending, running, done or failed. */
  variantsStatus: z.string(),
  /** Dominant colour, '' until the variants are made. */
  placeholder: z.string(),
});
export type MediaItem = z.infer<typeof MediaItemAnswerSchema>;

/**
 * What a page needs to draw one stored image, kept short because it travels
 * in the hydration data: intrinsic size, the alt text ('' when decorative),
 * the placeholder colour, the focal point when it is not the centre, the
 * widths made per format, and the social card's file when there is one.
 */
export const ImageInfoSchema = z.strictObject({
  /** Intrinsic width and height; 0 while not known yet. */
  w: z.number(),
  h: z.number(),
  alt: z.string(),
  /** Marked decorative: pages give it an empty alt whatever the component would say. */
  d: z.literal(1).optional(),
  pc: z.string().optional(),
  fp: z.tuple([z.number(), z.number()]).optional(),
  og: z.string().optional(),
  s: z.partialRecord(z.enum(VARIANT_FORMATS), z.array(z.number())).optional(),
});
export type ImageInfo = z.infer<typeof ImageInfoSchema>;

/** GET /api/media/variants/status: the image variant queue. */
export const VariantCountsAnswerSchema = z.strictObject({ pending: z.number(), done: z.number(), failed: z.number() });

/** GET /api/media/upload-limits (shared/upload-limits.ts). */
const UploadKindLimitsSchema = z.strictObject({ maxBytes: z.number(), types: z.array(z.string()) });
export const UploadLimitsAnswerSchema = z.strictObject({ image: UploadKindLimitsSchema, video: UploadKindLimitsSchema });

const fraction = z.number({ error: 'must be a number from 0 to 1' }).min(0, 'must be at least 0').max(1, 'must be at most 1');

/** PATCH /api/media/{id}: alt text, decorative flag and focal point, each optional. */
export const MediaPatchSchema = z
  .object({
    // Alt text is read aloud and shown in lists: the character rules of titles.
    alt: cleanText(z.string({ error: 'must be text' }).trim().max(1000, 'is too long')).optional(),
    decorative: z.boolean({ error: 'must be true or false' }).optional(),
    focalPoint: z.object({ x: fraction, y: fraction }, { error: 'must be {x, y}' }).optional(),
  })
  .refine((patch) => patch.alt !== undefined || patch.decorative !== undefined || patch.focalPoint !== undefined, {
    message: 'give alt, decorative or focalPoint',
  });
export type MediaPatch = z.infer<typeof MediaPatchSchema>;

