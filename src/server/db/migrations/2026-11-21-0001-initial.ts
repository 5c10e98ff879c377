import type { Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('categories')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tile_image', 'text', (c) => c.notNull())
    .addColumn('tile_video', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hover_image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('empty_image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('items_per_row', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('hero_config', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('duration', 'text', (c) => c.notNull())
    .addColumn('main_image', 'text', (c) => c.notNull())
    .addColumn('buy_link', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('intro_video', 'text', (c) => c.notNull())
    .addColumn('hero_config', 'text', (c) => c.notNull())
    .addColumn('gallery', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dark_mode', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('product_categories')
    .addColumn('product_id', 'varchar(100)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('category_id', 'varchar(100)', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_categories_pk', ['product_id', 'category_id'])
    .execute();
  await db.schema.createIndex('product_categories_category_idx').on('product_categories').column('category_id').execute();

  await db.schema
    .createTable('product_tags')
    .addColumn('product_id', 'varchar(100)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('tag_id', 'varchar(100)', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_tags_pk', ['product_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('product_tags_tag_idx').on('product_tags').column('tag_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('subscribers')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('client_key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'varchar(40)')
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('media')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(300)', (c) => c.notNull().unique())
    .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'media', 'login_attempts', 'sessions', 'subscribers', 'settings',
    'product_tags', 'product_categories', 'tags', 'products', 'categories',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
