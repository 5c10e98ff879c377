import { sql, type Kysely } from 'kysely';

/**
 * The few products a visitor may not see yet (drafts, scheduled ones), in an index of their own
 * (decision 082): a facet's count reads a category's links alone and leaves these out, rather than
 * looking up every product of the category to read its status. Partial, so it holds only those rows.
 * Expand only (decision 062): a new index, nothing dropped. Frozen in time: migrations never import
 * application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('products_not_live_idx')
    .on('products')
    .columns(['status', 'publish_at'])
    .where(sql.ref('status'), '<>', 'published')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('products_not_live_idx').execute();
}
