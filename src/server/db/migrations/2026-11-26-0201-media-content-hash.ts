import type { Kysely } from 'kysely';

// The same file uploaded twice becomes one library item (issue 24, decision 059): each media row
// keeps the SHA-256 of its stored bytes. Unique, so two uploads of one file at the same moment
// cannot both become items; NULL (rows from before, hashed when first compared) repeats freely
// in both SQLite and PostgreSQL. Rows without a hash are found by their size when an upload is
// compared with them. Frozen in time: migrations never import application code.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media').addColumn('content_hash', 'varchar(64)').execute();
  await db.schema.createIndex('media_content_hash_idx').on('media').column('content_hash').unique().execute();
  await db.schema.createIndex('media_size_idx').on('media').column('size_bytes').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('media_size_idx').execute();
  await db.schema.dropIndex('media_content_hash_idx').execute();
  await db.schema.alterTable('media').dropColumn('content_hash').execute();
}
