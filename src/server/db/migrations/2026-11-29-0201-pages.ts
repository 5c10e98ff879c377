import type { Kysely } from 'kysely';

/**
 * Free-form pages made of blocks (issue 29). The blocks are one JSON column:
 * a page is read and saved whole, like a product's gallery. Addressed at
 * /pages/{slug}, publishable and revisioned like a category.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pages')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('share_image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('blocks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('seo_title', 'text')
    .addColumn('seo_description', 'text')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('published'))
    .addColumn('publish_at', 'varchar(40)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pages_title_idx').on('pages').columns(['title', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pages').execute();
}
