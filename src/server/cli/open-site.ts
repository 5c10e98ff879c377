import { loadConfig, type Config } from '../config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/database';
import { mediaObjects, type MediaObjects } from '../modules/backup/media-objects';

export type Site = { config: Config; database: DatabaseHandle; media: MediaObjects };

/** The storage the environment configures (same variables as the server), migrated to the latest schema. */
export async function openSite(): Promise<Site> {
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return { config, database, media: mediaObjects(config) };
}

export const describeSite = (site: Site) =>
  `${site.database.kind === 'postgres' ? 'PostgreSQL' : `SQLite in ${site.config.dataDir}`}, media in ${site.media.describe}`;
