import type { Kysely } from 'kysely';

// Revisions: a snapshot per save of each item (the last 50 are kept).
// Previews: form content shown on a signed, expiring link; in the database so
// that every copy of the app can answer the link.
// Frozen in time: migrations never import application code.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('revisions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('entity', 'varchar(20)', (c) => c.notNull())
    // '' for the singletons (homepage, about, theme).
    .addColumn('item_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('summary', 'varchar(1000)', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('revisions_item').on('revisions').columns(['entity', 'item_id', 'created_at']).execute();

  await db.schema
    .createTable('previews')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('item_id', 'varchar(64)')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('previews_expires_at').on('previews').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('previews').execute();
  await db.schema.dropTable('revisions').execute();
}
