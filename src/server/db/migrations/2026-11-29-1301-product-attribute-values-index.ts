import type { Kysely } from 'kysely';

/**
 * A product's attribute values read from one index (decision 077): product, attribute, then the
 * values, so a filter's test of a product and a facet's count read the index alone, one seek per
 * product, never the table's rows. Expand only (decision 062): a new index, nothing dropped.
 * Frozen in time: migrations never import application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('product_attributes_values_idx')
    .on('product_attributes')
    .columns(['product_id', 'attribute_id', 'value_text', 'value_num'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('product_attributes_values_idx').execute();
}
