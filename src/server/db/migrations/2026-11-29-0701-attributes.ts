import type { Kysely } from 'kysely';

/**
 * Attributes to filter by (issue 28, decision 072): the owner's definitions, and
 * one row per product and attribute holding its value, text for a choice or a
 * yes/no (`'true'`/`'false'`), a number for a number (a yes/no as 1/0 too). The
 * indexes start at the attribute, so a facet's counts and a filter read only the
 * rows of that attribute. Expand only (decision 062): new tables, nothing dropped.
 * Frozen in time: migrations never import application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attributes')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('choices', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('unit', 'varchar(40)')
    .addColumn('is_filter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('product_attributes')
    .addColumn('product_id', 'varchar(100)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('attribute_id', 'varchar(100)', (c) => c.notNull().references('attributes.id').onDelete('cascade'))
    .addColumn('value_text', 'varchar(200)')
    .addColumn('value_num', 'double precision')
    .addPrimaryKeyConstraint('product_attributes_pk', ['product_id', 'attribute_id'])
    .execute();
  await db.schema.createIndex('product_attributes_text_idx').on('product_attributes').columns(['attribute_id', 'value_text', 'product_id']).execute();
  await db.schema.createIndex('product_attributes_num_idx').on('product_attributes').columns(['attribute_id', 'value_num', 'product_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_attributes').execute();
  await db.schema.dropTable('attributes').execute();
}
