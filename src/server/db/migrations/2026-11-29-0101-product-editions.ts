import type { Kysely } from 'kysely';

/**
 * A product's editions (issue 28): each with its own name, price, compare-at
 * price, sale end, availability and Buy URL, in the visitor's order. Every
 * product of today becomes one edition, with the product's id as its id, its
 * price and its Buy link. Expand only (decision 062): the product's own
 * `buy_link`, `price_minor` and `currency` stay, kept as the default edition's
 * by every write, so a copy of the previous release reads them as before.
 * Frozen in time: migrations never import application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_editions')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('product_id', 'varchar(100)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_minor', 'integer')
    .addColumn('currency', 'varchar(3)')
    .addColumn('compare_at_minor', 'integer')
    .addColumn('sale_ends_at', 'varchar(40)')
    .addColumn('availability', 'varchar(20)', (c) => c.notNull().defaultTo('available'))
    .addColumn('buy_link', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_editions_product_idx').on('product_editions').columns(['product_id', 'position']).execute();

  const rows = await db.selectFrom('products').select(['id', 'buy_link', 'price_minor', 'currency']).execute();
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500);
    await db
      .insertInto('product_editions')
      .values(batch.map((row) => ({ id: row.id, product_id: row.id, position: 0, name: '', price_minor: row.price_minor, currency: row.price_minor === null ? null : row.currency, availability: 'available', buy_link: row.buy_link })))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_editions').execute();
}
