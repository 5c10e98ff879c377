import type { Db } from '../../db/database';
import { parseJson } from '../../db/json';
import { HeroConfigSchema, defaultHeroConfig, type HeroConfig, type HeroConfigInput } from '../../../shared/schemas/hero';
import {
  AboutPageSchema,
  DEFAULT_PRIMARY_COLOR,
  ThemeSchema,
  type AboutPage,
  type AboutPageInput,
  type Theme,
  type ThemeInput,
} from '../../../shared/schemas/site';
import { isBlankHtml, sanitizeRichHtml } from '../../content/sanitize-html';
import { readHeroConfig } from './hero-config';
import { selectSetting, upsertSetting } from './settings.repository';

const KEYS = { homepage: 'homepage', about: 'about', theme: 'theme' } as const;

export const defaultTheme = (): Theme => ({ primaryColor: DEFAULT_PRIMARY_COLOR, newsletterImage: '' });
export const defaultAbout = (): AboutPage => ({ heroConfig: defaultHeroConfig(), content: null });

/** The homepage hero; the default hero config until one is saved. */
export async function getHomepage(db: Db): Promise<HeroConfig> {
  return readHeroConfig(await selectSetting(db, KEYS.homepage));
}

export async function saveHomepage(db: Db, input: HeroConfigInput): Promise<HeroConfig> {
  const hero = HeroConfigSchema.parse(input);
  await upsertSetting(db, KEYS.homepage, JSON.stringify(hero));
  return hero;
}

export async function getAbout(db: Db): Promise<AboutPage> {
  const stored = AboutPageSchema.safeParse(parseJson<unknown>(await selectSetting(db, KEYS.about), null));
  return stored.success ? stored.data : defaultAbout();
}

/** Sanitises the content; blank content or an empty paragraph is stored as null (spec §2). */
export async function saveAbout(db: Db, input: AboutPageInput): Promise<AboutPage> {
  const data = AboutPageSchema.parse(input);
  const cleaned = data.content === null ? '' : sanitizeRichHtml(data.content);
  const about: AboutPage = { heroConfig: data.heroConfig, content: isBlankHtml(cleaned) ? null : cleaned };
  await upsertSetting(db, KEYS.about, JSON.stringify(about));
  return about;
}

export async function getTheme(db: Db): Promise<Theme> {
  const stored = ThemeSchema.safeParse(parseJson<unknown>(await selectSetting(db, KEYS.theme), null));
  return stored.success ? stored.data : defaultTheme();
}

export async function saveTheme(db: Db, input: ThemeInput): Promise<Theme> {
  const theme = ThemeSchema.parse(input);
  await upsertSetting(db, KEYS.theme, JSON.stringify(theme));
  return theme;
}
