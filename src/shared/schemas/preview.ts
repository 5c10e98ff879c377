import { z } from 'zod';
import { IdSchema } from './common';
import { ProductInputSchema } from './product';
import { CategoryInputSchema } from './category';
import { HeroConfigSchema } from './hero';
import { AboutPageSchema } from './site';
import { PageInputSchema } from './page';

/** How long a preview link works. */
export const PREVIEW_TTL_MS = 60 * 60 * 1000;

/** `POST /api/preview`: an editor's current form content (saved or not), and the saved item's id when there is one. */
export const PreviewRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('product'), id: IdSchema.optional(), data: ProductInputSchema }),
    z.object({ kind: z.literal('category'), id: IdSchema.optional(), data: CategoryInputSchema }),
    z.object({ kind: z.literal('homepage'), id: IdSchema.optional(), data: HeroConfigSchema }),
    z.object({ kind: z.literal('about'), id: IdSchema.optional(), data: AboutPageSchema }),
    z.object({ kind: z.literal('page'), id: IdSchema.optional(), data: PageInputSchema }),
  ],
  { error: 'kind: must be product, category, homepage, about or page' },
);
export type PreviewRequest = z.input<typeof PreviewRequestSchema>;
export type PreviewKind = PreviewRequest['kind'];

/** The answer: where the preview is; absolute, built from PUBLIC_URL. */
export const PreviewLinkAnswerSchema = z.strictObject({ url: z.string(), expiresAt: z.string() });
export type PreviewLink = z.infer<typeof PreviewLinkAnswerSchema>;
