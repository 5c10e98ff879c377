import { z } from 'zod';
import { HexColorSchema, optionalUrl, richHtml } from './common';
import { HeroConfigSchema, defaultHeroConfig } from './hero';

export { DEFAULT_PRIMARY_COLOR } from '../colors';

export const ThemeSchema = z.object({
  primaryColor: HexColorSchema,
  newsletterImage: optionalUrl,
});
export type Theme = z.output<typeof ThemeSchema>;
export type ThemeInput = z.input<typeof ThemeSchema>;

export const AboutPageSchema = z.object({
  heroConfig: HeroConfigSchema.default(defaultHeroConfig),
  /** Rich HTML; stored as null when blank or an empty paragraph. */
  content: richHtml().nullish().transform((value) => value ?? null),
});
export type AboutPage = z.output<typeof AboutPageSchema>;
export type AboutPageInput = z.input<typeof AboutPageSchema>;

export { HeroConfigSchema as HomepageHeroSchema };
