import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { ProductEditionRow } from '../../db/schema';

// All SQL for product editions. `db` may be a transaction.

/** Editions per product, each list in the visitor's order. `productIds` undefined = all products. */
export async function selectEditions(db: Db, productIds?: string[]): Promise<Map<string, ProductEditionRow[]>> {
  const editions = new Map<string, ProductEditionRow[]>();
  if (productIds && productIds.length === 0) return editions;
  let query = db.selectFrom('product_editions').selectAll().orderBy('product_id').orderBy('position');
  if (productIds) query = query.where('product_id', 'in', productIds);
  for (const row of await query.execute()) {
    const list = editions.get(row.product_id);
    if (list) list.push(row);
    else editions.set(row.product_id, [row]);
  }
  return editions;
}

/** Replaces the product's editions with these rows (their positions as given). */
export async function replaceEditions(db: Db, productId: string, rows: Insertable<ProductEditionRow>[]): Promise<void> {
  await db.deleteFrom('product_editions').where('product_id', '=', productId).execute();
  if (rows.length > 0) await db.insertInto('product_editions').values(rows).execute();
}

export async function deleteEditions(db: Db, productId: string): Promise<void> {
  await db.deleteFrom('product_editions').where('product_id', '=', productId).execute();
}
