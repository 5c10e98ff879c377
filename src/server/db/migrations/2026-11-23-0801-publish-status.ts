import type { Kysely } from 'kysely';

// Drafts and scheduling for products and categories, and a version per item
// for edit conflicts (If-Match). Every existing item stays published.
// Frozen in time: migrations never import application code.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['products', 'categories']) {
    await db.schema.alterTable(table).addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('published')).execute();
    await db.schema.alterTable(table).addColumn('publish_at', 'varchar(40)').execute();
    await db.schema.alterTable(table).addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    // The scheduler's "next due" read and visitors' filters look for scheduled rows by time.
    await db.schema.createIndex(`${table}_status_publish_at`).on(table).columns(['status', 'publish_at']).execute();
  }
  await db.schema.alterTable('settings').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['products', 'categories']) {
    await db.schema.dropIndex(`${table}_status_publish_at`).execute();
    await db.schema.alterTable(table).dropColumn('version').execute();
    await db.schema.alterTable(table).dropColumn('publish_at').execute();
    await db.schema.alterTable(table).dropColumn('status').execute();
  }
  await db.schema.alterTable('settings').dropColumn('version').execute();
}
