import { z } from 'zod';
import { cleanText } from './common';

/** One content item showing a file: `kind` names its content type (declared once, in src/server/content/types.ts). */
export type MediaUsage = { kind: string; id: string; title: string };

export type FocalPoint = { x: number; y: number };

/** One item of the media library (GET /api/media). */
export type MediaItem = {
  id: string;
  url: string;
  type: 'image' | 'video';
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  alt: string;
  createdAt: string;
  usedBy: MediaUsage[];
  /** The uploaded file's name. */
  name: string;
  decorative: boolean;
  focalPoint: FocalPoint;
  /** none (video), pending, running, done or failed. */
  variantsStatus: string;
  /** Dominant colour, '' until the variants are made. */
  placeholder: string;
};

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

