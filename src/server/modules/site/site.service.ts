import type { Db } from '../../db/database';
import { parseJson } from '../../db/json';
import { editConflict, type Versioned } from '../../http/etag';
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
import type { Writer } from '../../content/changes';
import { write } from '../../content/write';
import { readHeroConfig } from './hero-config';
import { selectSetting, selectVersionedSetting, upsertSetting, upsertSettingIfVersion } from './settings.repository';

const KEYS = { homepage: 'homepage', about: 'about', theme: 'theme' } as const;

export const defaultTheme = (): Theme => ({ primaryColor: DEFAULT_PRIMARY_COLOR, newsletterImage: '' });
export const defaultAbout = (): AboutPage => ({ heroConfig: defaultHeroConfig(), content: null });

const readAbout = (text: string | undefined): AboutPage => {
  const stored = AboutPageSchema.safeParse(parseJson<unknown>(text, null));
  return stored.success ? stored.data : defaultAbout();
};
const readTheme = (text: string | undefined): Theme => {
  const stored = ThemeSchema.safeParse(parseJson<unknown>(text, null));
  return stored.success ? stored.data : defaultTheme();
};

/** The homepage hero; the default hero config until one is saved. */
export async function getHomepage(db: Db): Promise<HeroConfig> {
  return readHeroConfig(await selectSetting(db, KEYS.homepage));
}

export async function getHomepageVersioned(db: Db): Promise<Versioned<HeroConfig>> {
  const { value, version } = await selectVersionedSetting(db, KEYS.homepage);
  return { item: readHeroConfig(value), version };
}

export async function getAbout(db: Db): Promise<AboutPage> {
  return readAbout(await selectSetting(db, KEYS.about));
}

export async function getAboutVersioned(db: Db): Promise<Versioned<AboutPage>> {
  const { value, version } = await selectVersionedSetting(db, KEYS.about);
  return { item: readAbout(value), version };
}

export async function getTheme(db: Db): Promise<Theme> {
  return readTheme(await selectSetting(db, KEYS.theme));
}

export async function getThemeVersioned(db: Db): Promise<Versioned<Theme>> {
  const { value, version } = await selectVersionedSetting(db, KEYS.theme);
  return { item: readTheme(value), version };
}

/**
 * Stores a singleton in one write (content/write.ts); with `ifVersion`
 * (If-Match) only if nobody saved it since that version (409 otherwise).
 * `read` gives what it was before, read in the write.
 */
async function saveSingleton<T>(
  writer: Writer,
  entity: 'homepage' | 'about' | 'theme',
  read: (db: Db) => Promise<T>,
  after: T,
  ifVersion: number | undefined,
  what: string,
): Promise<Versioned<T>> {
  const value = JSON.stringify(after);
  return write(writer, { type: entity, action: 'update', id: null }, async (trx) => {
    const before = await read(trx);
    if (ifVersion === undefined) await upsertSetting(trx, KEYS[entity], value);
    else if (!(await upsertSettingIfVersion(trx, KEYS[entity], value, ifVersion))) throw editConflict(what);
    const { version } = await selectVersionedSetting(trx, KEYS[entity]);
    return { result: { item: after, version }, before, after };
  });
}

export async function saveHomepage(writer: Writer, input: HeroConfigInput, ifVersion?: number): Promise<Versioned<HeroConfig>> {
  const hero = HeroConfigSchema.parse(input);
  return saveSingleton(writer, 'homepage', getHomepage, hero, ifVersion, 'homepage hero');
}

/** Sanitises the content; blank content or an empty paragraph is stored as null. */
export function cleanAbout(input: AboutPageInput): AboutPage {
  const data = AboutPageSchema.parse(input);
  const cleaned = data.content === null ? '' : sanitizeRichHtml(data.content);
  return { heroConfig: data.heroConfig, content: isBlankHtml(cleaned) ? null : cleaned };
}

export async function saveAbout(writer: Writer, input: AboutPageInput, ifVersion?: number): Promise<Versioned<AboutPage>> {
  const about = cleanAbout(input);
  return saveSingleton(writer, 'about', getAbout, about, ifVersion, 'about page');
}

export async function saveTheme(writer: Writer, input: ThemeInput, ifVersion?: number): Promise<Versioned<Theme>> {
  const theme = ThemeSchema.parse(input);
  return saveSingleton(writer, 'theme', getTheme, theme, ifVersion, 'theme');
}
