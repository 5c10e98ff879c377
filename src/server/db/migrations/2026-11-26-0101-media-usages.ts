import type { Kysely } from 'kysely';

/**
 * Where each stored media file is used, as an index kept by every content
 * write (decision 056), instead of a text search over every content column.
 * Filled here from the content as it stands; frozen in time: migrations never
 * import application code, so the columns that could hold a URL are listed
 * as they were on this day.
 */
const ITEM_TABLES = [
  { table: 'products', entity: 'product', columns: ['main_image', 'intro_video', 'gallery', 'hero_config', 'description'] },
  { table: 'categories', entity: 'category', columns: ['tile_image', 'tile_video', 'hover_image', 'empty_image', 'hero_config'] },
];
const SETTINGS = [
  { key: 'homepage', entity: 'homepage', title: 'Homepage' },
  { key: 'about', entity: 'about', title: 'About page' },
  { key: 'theme', entity: 'theme', title: 'Theme' },
  { key: 'site', entity: 'site', title: 'Site settings' },
];
const UPLOAD_URL = /\/uploads\/[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]+)?/g;
const BATCH = 500;

type Usage = { url: string; entity: string; item_id: string; title: string };
const urlsIn = (texts: unknown[]) => [...new Set(texts.filter((text): text is string => typeof text === 'string').join('\n').match(UPLOAD_URL))];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media_usages')
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('entity', 'varchar(40)', (c) => c.notNull())
    .addColumn('item_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_usages_pkey', ['url', 'entity', 'item_id'])
    .execute();
  // A write rewrites its item's rows: found by the item.
  await db.schema.createIndex('media_usages_item_idx').on('media_usages').columns(['entity', 'item_id']).execute();

  const usages: Usage[] = [];
  for (const source of ITEM_TABLES) {
    const rows = await db.selectFrom(source.table).select(['id', 'title', ...source.columns]).execute();
    for (const row of rows) {
      for (const url of urlsIn(source.columns.map((column) => row[column]))) usages.push({ url, entity: source.entity, item_id: row.id, title: row.title });
    }
  }
  const settings = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', SETTINGS.map((setting) => setting.key)).execute();
  for (const setting of SETTINGS) {
    const row = settings.find((candidate) => candidate.key === setting.key);
    for (const url of urlsIn([row?.value])) usages.push({ url, entity: setting.entity, item_id: setting.key, title: setting.title });
  }
  for (let i = 0; i < usages.length; i += BATCH) await db.insertInto('media_usages').values(usages.slice(i, i + BATCH)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_usages').execute();
}
