import type { Db } from '../../db/database';
import { nowIso } from '../../db/json';

// The singletons (homepage hero, about page, theme) live in the settings table as JSON text.

export async function selectSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function upsertSetting(db: Db, key: string, value: string): Promise<void> {
  const updatedAt = nowIso();
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: updatedAt })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: updatedAt }))
    .execute();
}
