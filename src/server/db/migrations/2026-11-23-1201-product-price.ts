import type { Kysely } from 'kysely';

// An optional price per product: an integer of the currency's minor units
// (2999 = 29.99 USD) and its ISO 4217 code; both null when there is no price.
// Frozen in time: migrations never import application code.
export async function up(db: Kysely<any>): Promise<void> {
  // SQLite adds one column per ALTER TABLE statement.
  await db.schema.alterTable('products').addColumn('price_minor', 'integer').execute();
  await db.schema.alterTable('products').addColumn('currency', 'varchar(3)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('currency').execute();
  await db.schema.alterTable('products').dropColumn('price_minor').execute();
}
