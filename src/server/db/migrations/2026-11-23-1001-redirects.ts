import type { Kysely } from 'kysely';

// Redirects: old addresses of renamed products and categories (automatic) and
// the owner's own (manual). One row per address that redirects; its target is
// a path of this site or an absolute URL.
// Frozen in time: migrations never import application code.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('redirects')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('from_path', 'varchar(2000)', (c) => c.notNull().unique())
    .addColumn('to_path', 'varchar(2000)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    // The renamed item an automatic redirect leads to; null for manual ones.
    .addColumn('target_type', 'varchar(20)')
    .addColumn('target_id', 'varchar(64)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  // Chains collapse by target path; deletes drop by target item.
  await db.schema.createIndex('redirects_to_path').on('redirects').column('to_path').execute();
  await db.schema.createIndex('redirects_target').on('redirects').columns(['target_type', 'target_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('redirects').execute();
}
