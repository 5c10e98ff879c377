import type { Db } from '../../db/database';
import { nowIso } from '../../db/json';

// The singletons (homepage hero, about page, theme) live in the settings table as JSON text.

export async function selectSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** The value and its version; version 0 while nothing was ever saved. */
export async function selectVersionedSetting(db: Db, key: string): Promise<{ value: string | undefined; version: number }> {
  const row = await db.selectFrom('settings').select(['value', 'version']).where('key', '=', key).executeTakeFirst();
  return { value: row?.value, version: row ? Number(row.version) : 0 };
}

export async function upsertSetting(db: Db, key: string, value: string): Promise<void> {
  const updatedAt = nowIso();
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: updatedAt })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value, updated_at: updatedAt, version: eb('settings.version', '+', 1) })))
    .execute();
}

/**
 * Saves only if the stored version is still `ifVersion` (0: never saved):
 * compare-and-set in the statement itself, so of two saves from one version
 * exactly one wins. Returns false when the version had moved.
 */
export async function upsertSettingIfVersion(db: Db, key: string, value: string, ifVersion: number): Promise<boolean> {
  const updatedAt = nowIso();
  if (ifVersion === 0) {
    const result = await db
      .insertInto('settings')
      .values({ key, value, updated_at: updatedAt })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const result = await db
    .updateTable('settings')
    .set((eb) => ({ value, updated_at: updatedAt, version: eb('version', '+', 1) }))
    .where('key', '=', key)
    .where('version', '=', ifVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
