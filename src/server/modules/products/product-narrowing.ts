import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Availability } from '../../../shared/schemas/edition';
import type { ProductSort } from '../../../shared/schemas/attribute';

// The narrowing of issue 28 (decision 072): attribute values, availability, sales, sold-out products
// left out of visitors' lists, and the sorts. Plain SQL over indexed tables, the same in both dialects.

/** One attribute's condition: any of `values` (a choice, or a yes/no as 'true'/'false'), or a number in a range. */
export type AttributeCondition =
  | { attributeId: string; slug: string; kind: 'values'; values: string[] }
  | { attributeId: string; slug: string; kind: 'range'; min: number | undefined; max: number | undefined };

export type Narrowing = {
  attributes: AttributeCondition[];
  availability?: Availability[] | undefined;
  onSale?: boolean | undefined;
  /** Visitors' lists when the owner hides sold-out products: those whose every edition is sold out. */
  hideSoldOut?: boolean | undefined;
  /** Now (ISO), for sales that end. */
  now: string;
};

const productId = sql.ref('products.id');

/**
 * The attribute column in a form no index is searched by: SQLite then reads a product's values from the
 * index that starts at the product and holds the values (decision 077), one seek per product and no
 * table row, rather than the primary key's, which would cost a second seek into the table.
 */
const unindexedAttribute = (column: string) => sql`(${sql.ref(column)} || '')`;

/**
 * One attribute condition as an EXISTS on the product's values (product_attributes_values_idx): a page
 * walking the list order, a count or a facet driven by the category's links each read one product's few rows.
 */
export function attributeMatch(condition: AttributeCondition): Expression<SqlBool> {
  const own = sql`pa.product_id = ${productId} and ${unindexedAttribute('pa.attribute_id')} = ${condition.attributeId}`;
  if (condition.kind === 'values') {
    return sql<SqlBool>`exists (select 1 from product_attributes pa where ${own} and pa.value_text in (${sql.join(condition.values)}))`;
  }
  // `+value_num`: the bounds are checked on the row the key found, never a walk of the attribute's range index.
  const bounds = [
    ...(condition.min === undefined ? [] : [sql`+pa.value_num >= ${condition.min}`]),
    ...(condition.max === undefined ? [] : [sql`+pa.value_num <= ${condition.max}`]),
  ];
  const where = bounds.length > 0 ? sql` and ${sql.join(bounds, sql` and `)}` : sql``;
  return sql<SqlBool>`exists (select 1 from product_attributes pa where ${own} and +pa.value_num is not null${where})`;
}

/** The same condition on a product's value already read into `value` (a facet's table of values, one row per product). */
export function chosenMatch(value: Expression<unknown>, condition: AttributeCondition): Expression<SqlBool> {
  if (condition.kind === 'values') return sql<SqlBool>`${value} in (${sql.join(condition.values)})`;
  const bounds = [
    sql`${value} is not null`,
    ...(condition.min === undefined ? [] : [sql`${value} >= ${condition.min}`]),
    ...(condition.max === undefined ? [] : [sql`${value} <= ${condition.max}`]),
  ];
  return sql<SqlBool>`${sql.join(bounds, sql` and `)}`;
}

/** A running sale: a compare-at price whose end, if any, is still ahead. */
const onSaleEdition = (now: string) => sql`e.compare_at_minor is not null and (e.sale_ends_at is null or e.sale_ends_at > ${now})`;

/** Every condition of the narrowing; `withoutAttributes`: all but the attributes' (facet counts test those per product themselves). */
export function narrowingConditions(narrowing: Narrowing | undefined, options: { withoutAttributes?: boolean } = {}): Expression<SqlBool>[] {
  if (!narrowing) return [];
  const conditions = options.withoutAttributes ? [] : narrowing.attributes.map(attributeMatch);
  if (narrowing.availability && narrowing.availability.length > 0) {
    const wanted = narrowing.availability;
    // A product without edition rows (saved by a copy before editions) is one available edition (decision 063).
    const legacy = wanted.includes('available') ? sql` or not exists (select 1 from product_editions e where e.product_id = ${productId})` : sql``;
    conditions.push(sql<SqlBool>`(exists (select 1 from product_editions e where e.product_id = ${productId} and e.availability in (${sql.join(wanted)}))${legacy})`);
  }
  if (narrowing.onSale !== undefined) {
    const sale = sql`exists (select 1 from product_editions e where e.product_id = ${productId} and ${onSaleEdition(narrowing.now)})`;
    conditions.push(narrowing.onSale ? sql<SqlBool>`${sale}` : sql<SqlBool>`not ${sale}`);
  }
  if (narrowing.hideSoldOut) {
    conditions.push(
      sql<SqlBool>`(exists (select 1 from product_editions e where e.product_id = ${productId} and e.availability <> 'sold_out') or not exists (select 1 from product_editions e where e.product_id = ${productId}))`,
    );
  }
  return conditions;
}

/** No available priced edition: after every priced product, whichever the direction. */
const NO_PRICE_ASC = 2_147_483_647;
const NO_PRICE_DESC = -1;

/**
 * The price a list sorts by: the lowest price of the product's available editions as shown now
 * (a sale past its end shows its compare-at price, decision 063), in minor units. Currencies are
 * not converted: a catalogue sells in one.
 */
export function sortPrice(sort: 'price-asc' | 'price-desc', now: string): RawBuilder<number> {
  const shown = sql`case when e.compare_at_minor is not null and e.sale_ends_at is not null and e.sale_ends_at <= ${now} then e.compare_at_minor else e.price_minor end`;
  const lowest = sql`(select min(${shown}) from product_editions e where e.product_id = ${productId} and e.availability = 'available' and e.price_minor is not null)`;
  return sql<number>`coalesce(${lowest}, ${sort === 'price-asc' ? NO_PRICE_ASC : NO_PRICE_DESC})`;
}

/** The sort's key, expression by expression, ties broken by the owner's order, then title and id. */
export function sortKeyOf(sort: ProductSort, now: string): { expr: RawBuilder<unknown>; direction: 'asc' | 'desc' }[] {
  const tail = [
    { expr: sql.ref('products.sort_order'), direction: 'asc' as const },
    { expr: sql.ref('products.title'), direction: 'asc' as const },
    { expr: sql.ref('products.id'), direction: 'asc' as const },
  ];
  if (sort === 'newest') return [{ expr: sql.ref('products.created_at'), direction: 'desc' }, { expr: sql.ref('products.id'), direction: 'desc' }];
  if (sort === 'price-asc' || sort === 'price-desc') return [{ expr: sortPrice(sort, now), direction: sort === 'price-asc' ? 'asc' : 'desc' }, ...tail];
  return tail;
}

/** `(k1, k2, …) > (v1, v2, …)` in each key's direction, written out so both dialects use their indexes. */
export function afterSortKey(keys: { expr: RawBuilder<unknown>; direction: 'asc' | 'desc' }[], values: readonly (string | number)[]): RawBuilder<SqlBool> {
  const branches = keys.map((current, index) => {
    const equal = keys.slice(0, index).map((key, j) => sql`${key.expr} = ${values[j]}`);
    const beyond = current.direction === 'asc' ? sql`>` : sql`<`;
    return sql`(${sql.join([...equal, sql`${current.expr} ${beyond} ${values[index]}`], sql` and `)})`;
  });
  return sql<SqlBool>`(${sql.join(branches, sql` or `)})`;
}
