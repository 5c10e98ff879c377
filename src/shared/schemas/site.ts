import { z } from 'zod';
import { HexColorSchema, optionalUrl, richHtml } from './common';
import { HeroConfigAnswerSchema, HeroConfigSchema, defaultHeroConfig } from './hero';

export { DEFAULT_PRIMARY_COLOR } from '../colors';

export const ThemeSchema = z.object({
  primaryColor: HexColorSchema,
  newsletterImage: optionalUrl,
});
export type Theme = z.infer<typeof ThemeAnswerSchema>;
export type ThemeInput = z.input<typeof ThemeSchema>;

export const AboutPageSchema = z.object({
  heroConfig: HeroConfigSchema.default(defaultHeroConfig),
  /** Rich HTML; stored as null when blank or an empty paragraph. */
  content: richHtml().nullish().transform((value) => value ?? null),
});
export type AboutPage = z.infer<typeof AboutPageAnswerSchema>;
export type AboutPageInput = z.input<typeof AboutPageSchema>;

export { HeroConfigSchema as HomepageHeroSchema };

/** The theme and about page as the API answers them (decision 057). */
export const ThemeAnswerSchema = z.strictObject({ primaryColor: z.string(), newsletterImage: z.string() });
export const AboutPageAnswerSchema = z.strictObject({ heroConfig: HeroConfigAnswerSchema, content: z.string().nullable() });
