import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { AttributeRow, ProductAttributeRow } from '../../db/schema';

// All SQL for attribute definitions and products' values. `db` may be a transaction.

/** Every attribute in the owner's order (a handful: the whole list is what every reader needs). */
export function selectAttributes(db: Db): Promise<AttributeRow[]> {
  return db.selectFrom('attributes').selectAll().orderBy('position').orderBy('name').orderBy('id').execute();
}

export function selectAttributeById(db: Db, id: string): Promise<AttributeRow | undefined> {
  return db.selectFrom('attributes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function selectMaxAttributePosition(db: Db): Promise<number> {
  const row = await db.selectFrom('attributes').select((eb) => eb.fn.max('position').as('max')).executeTakeFirst();
  return row?.max === null || row?.max === undefined ? -1 : Number(row.max);
}

export async function insertAttribute(db: Db, row: Insertable<AttributeRow>): Promise<void> {
  await db.insertInto('attributes').values(row).execute();
}

export async function updateAttributeRow(db: Db, id: string, changes: Updateable<AttributeRow>): Promise<boolean> {
  const result = await db.updateTable('attributes').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes the attribute and every product's value of it. */
export async function deleteAttributeRow(db: Db, id: string): Promise<boolean> {
  await db.deleteFrom('product_attributes').where('attribute_id', '=', id).execute();
  const result = await db.deleteFrom('attributes').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Products holding a value of this attribute (what its change or deletion touches). */
export async function selectProductIdsWithAttribute(db: Db, attributeId: string): Promise<string[]> {
  const rows = await db.selectFrom('product_attributes').select('product_id').where('attribute_id', '=', attributeId).execute();
  return rows.map((row) => row.product_id);
}

/** Stored values of the attribute outside `kept` (all of them when `kept` is null), with how many products hold each. */
export async function selectValuesOutside(db: Db, attributeId: string, kept: string[] | null): Promise<{ value: string; count: number }[]> {
  let query = db
    .selectFrom('product_attributes')
    .select((eb) => [eb.fn.coalesce('value_text', eb.cast<string>('value_num', 'text')).as('value'), eb.fn.countAll<number>().as('count')])
    .where('attribute_id', '=', attributeId)
    .groupBy(['value_text', 'value_num']);
  if (kept && kept.length > 0) query = query.where((eb) => eb.or([eb('value_text', 'is', null), eb('value_text', 'not in', kept)]));
  const rows = await query.execute();
  return rows.map((row) => ({ value: String(row.value), count: Number(row.count) }));
}

/** Values per product. `productIds` undefined = all products. */
export async function selectProductValues(db: Db, productIds?: string[]): Promise<Map<string, ProductAttributeRow[]>> {
  const values = new Map<string, ProductAttributeRow[]>();
  if (productIds && productIds.length === 0) return values;
  let query = db.selectFrom('product_attributes').selectAll();
  if (productIds) query = query.where('product_id', 'in', productIds);
  for (const row of await query.execute()) {
    const list = values.get(row.product_id);
    if (list) list.push(row);
    else values.set(row.product_id, [row]);
  }
  return values;
}

export async function replaceProductValues(db: Db, productId: string, rows: Insertable<ProductAttributeRow>[]): Promise<void> {
  await db.deleteFrom('product_attributes').where('product_id', '=', productId).execute();
  if (rows.length > 0) await db.insertInto('product_attributes').values(rows).execute();
}

export async function deleteProductValues(db: Db, productId: string): Promise<void> {
  await db.deleteFrom('product_attributes').where('product_id', '=', productId).execute();
}
