import { z } from 'zod';
import { optionalText, optionalUrl, HEX_COLOR_PATTERN } from './common';
import { DEFAULT_HERO_TEXT_COLOR } from '../colors';

export { DEFAULT_HERO_TEXT_COLOR };

export const HERO_BUTTON_COLORS = ['primary', 'secondary', 'black', 'tertiary'] as const;
export const HERO_BUTTON_VARIANTS = ['solid', 'outlined'] as const;
export const HERO_BUTTON_SIZES = ['sm', 'md', 'lg'] as const;

export const HeroButtonSchema = z.object({
  isActive: z.boolean({ error: 'must be true or false' }).default(false),
  text: optionalText(200),
  link: optionalUrl,
  color: z.enum(HERO_BUTTON_COLORS, { error: `must be one of ${HERO_BUTTON_COLORS.join(', ')}` }).default('primary'),
  variant: z.enum(HERO_BUTTON_VARIANTS, { error: `must be one of ${HERO_BUTTON_VARIANTS.join(', ')}` }).default('solid'),
  size: z.enum(HERO_BUTTON_SIZES, { error: `must be one of ${HERO_BUTTON_SIZES.join(', ')}` }).default('md'),
});

/** Colour fields take a hex colour or stay empty (empty = the default). */
const optionalColor = z
  .string({ error: 'must be text' })
  .trim()
  .refine((value) => value === '' || HEX_COLOR_PATTERN.test(value), 'must be # followed by six hex digits')
  .nullish()
  .transform((value) => value ?? '');

export const HeroConfigSchema = z.object({
  logo: optionalUrl,
  title: optionalText(300),
  description: optionalText(2000),
  button1: HeroButtonSchema.default(() => HeroButtonSchema.parse({})),
  button2: HeroButtonSchema.default(() => HeroButtonSchema.parse({ color: 'secondary', variant: 'outlined' })),
  introVideo: optionalUrl,
  loopVideo: optionalUrl,
  heroImage: optionalUrl,
  backgroundColor: optionalColor,
  textColor: optionalColor.transform((value) => value || DEFAULT_HERO_TEXT_COLOR),
});

/** A hero as answers carry it (decision 057): what HeroConfigSchema makes of the input, every field filled. */
const HeroButtonAnswerSchema = z.strictObject({
  isActive: z.boolean(),
  text: z.string(),
  link: z.string(),
  color: z.enum(HERO_BUTTON_COLORS),
  variant: z.enum(HERO_BUTTON_VARIANTS),
  size: z.enum(HERO_BUTTON_SIZES),
});
export const HeroConfigAnswerSchema = z.strictObject({
  logo: z.string(),
  title: z.string(),
  description: z.string(),
  button1: HeroButtonAnswerSchema,
  button2: HeroButtonAnswerSchema,
  introVideo: z.string(),
  loopVideo: z.string(),
  heroImage: z.string(),
  backgroundColor: z.string(),
  textColor: z.string(),
});
export type HeroConfig = z.infer<typeof HeroConfigAnswerSchema>;
export type HeroButton = HeroConfig['button1'];
export type HeroConfigInput = z.input<typeof HeroConfigSchema>;

export const defaultHeroConfig = (): HeroConfig => HeroConfigSchema.parse({});
