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
import { recordChange, type Writer } from '../../content/changes';
import { readHeroConfig } from './hero-config';
import { selectSetting, upsertSetting } from './settings.repository';

const KEYS = { homepage: 'homepage', about: 'about', theme: 'theme' } as const;

export const defaultTheme = (): Theme => ({ primaryColor: DEFAULT_PRIMARY_COLOR, newsletterImage: '' });
export const defaultAbout = (): AboutPage => ({ heroConfig: defaultHeroConfig(), content: null });

/** The homepage hero; the default hero config until one is saved. */
export async function getHomepage(db: Db): Promise<HeroConfig> {
  return readHeroConfig(await selectSetting(db, KEYS.homepage));
}

export async function saveHomepage(writer: Writer, input: HeroConfigInput): Promise<HeroConfig> {
  const hero = HeroConfigSchema.parse(input);
  const before = await getHomepage(writer.db);
  await upsertSetting(writer.db, KEYS.homepage, JSON.stringify(hero));
  recordChange(writer, { entity: 'homepage', action: 'update', id: null, before, after: hero });
  return hero;
}

export async function getAbout(db: Db): Promise<AboutPage> {
  const stored = AboutPageSchema.safeParse(parseJson<unknown>(await selectSetting(db, KEYS.about), null));
  return stored.success ? stored.data : defaultAbout();
}

/** Sanitises the content; blank content or an empty paragraph is stored as null (spec §2). */
export async function saveAbout(writer: Writer, input: AboutPageInput): Promise<AboutPage> {
  const data = AboutPageSchema.parse(input);
  const cleaned = data.content === null ? '' : sanitizeRichHtml(data.content);
  const about: AboutPage = { heroConfig: data.heroConfig, content: isBlankHtml(cleaned) ? null : cleaned };
  const before = await getAbout(writer.db);
  await upsertSetting(writer.db, KEYS.about, JSON.stringify(about));
  recordChange(writer, { entity: 'about', action: 'update', id: null, before, after: about });
  return about;
}

export async function getTheme(db: Db): Promise<Theme> {
  const stored = ThemeSchema.safeParse(parseJson<unknown>(await selectSetting(db, KEYS.theme), null));
  return stored.success ? stored.data : defaultTheme();
}

export async function saveTheme(writer: Writer, input: ThemeInput): Promise<Theme> {
  const theme = ThemeSchema.parse(input);
  const before = await getTheme(writer.db);
  await upsertSetting(writer.db, KEYS.theme, JSON.stringify(theme));
  recordChange(writer, { entity: 'theme', action: 'update', id: null, before, after: theme });
  return theme;
}
