import type { Db } from '../../db/database';
import { parseJson } from '../../db/json';
import { editConflict, type Versioned } from '../../http/etag';
import { SiteSettingsSchema, defaultSiteSettings, type SiteSettings, type SiteSettingsInput } from '../../../shared/schemas/site-settings';
import type { Writer } from '../../content/changes';
import { write } from '../../content/write';
import { selectSetting, selectVersionedSetting, upsertSetting, upsertSettingIfVersion } from './settings.repository';

/** A singleton in the settings table, like the hero, about page and theme. */
const KEY = 'site';

/** `listed` is the default and is not written out (decision 072): a site that never chose answers as before. */
const withSoldOut = ({ soldOutProducts: _stored, ...rest }: SiteSettings, choice: SiteSettings['soldOutProducts']): SiteSettings =>
  choice === 'hidden' ? { ...rest, soldOutProducts: 'hidden' } : rest;

const readSiteSettings = (text: string | undefined): SiteSettings => {
  const stored = SiteSettingsSchema.safeParse(parseJson<unknown>(text, null));
  return stored.success ? withSoldOut(stored.data, stored.data.soldOutProducts) : defaultSiteSettings();
};

/** Name, tagline, logo, favicon, social links, contact e-mail, default share image; today's texts until saved. */
export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  return readSiteSettings(await selectSetting(db, KEY));
}

export async function getSiteSettingsVersioned(db: Db): Promise<Versioned<SiteSettings>> {
  const { value, version } = await selectVersionedSetting(db, KEY);
  return { item: readSiteSettings(value), version };
}

/** With `ifVersion` (If-Match) only if nobody saved since (409 otherwise); every public page shows these, so the change is announced. */
export async function saveSiteSettings(writer: Writer, input: SiteSettingsInput, ifVersion?: number): Promise<Versioned<SiteSettings>> {
  const parsed = SiteSettingsSchema.parse(input);
  return write(writer, { type: 'site', action: 'update', id: null }, async (trx) => {
    const before = await getSiteSettings(trx);
    // A client that does not know the sold-out choice (every one before issue 28) keeps it as saved.
    const after = withSoldOut(parsed, parsed.soldOutProducts ?? before.soldOutProducts);
    const value = JSON.stringify(after);
    if (ifVersion === undefined) await upsertSetting(trx, KEY, value);
    else if (!(await upsertSettingIfVersion(trx, KEY, value, ifVersion))) throw editConflict('site settings');
    const { version } = await selectVersionedSetting(trx, KEY);
    return { result: { item: after, version }, before, after };
  });
}
