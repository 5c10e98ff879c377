import { sql, type Expression, type Insertable, type SqlBool, type Updateable } from 'kysely';
import { matchingProductIds } from '../search/search.repository';
import { isPostgres } from '../../db/dialect';
import type { Db } from '../../db/database';
import type { ProductRow } from '../../db/schema';
import { afterKey, containsPattern, type KeyColumn } from '../../db/paging';
import { notLiveWhere, seesLiveOnly, visibleWhere, type Visibility } from '../../content/visibility';
import type { ProductSort } from '../../../shared/schemas/attribute';
import { afterSortKey, chosenMatch, narrowingConditions, sortKeyOf, sortPrice, type Narrowing } from './product-narrowing';

// All SQL for products and their category/tag links. `db` may be a transaction.

export type ProductLinks = { categories: string[]; tags: string[] };

/** What a product list is narrowed to: ids already resolved from slugs. */
export type ProductFilter = {
  categoryId?: string | undefined;
  tagIds: string[];
  titleContains?: string | undefined;
  visibility: Visibility;
  /** Attributes, availability, sales, sold-out products (issue 28). */
  narrowing?: Narrowing | undefined;
  /** A site search's matches (decision 077): every word in the product's index row, less the products a visitor may not find by it. */
  search?: ListingSearch | undefined;
};

export type ListingSearch = { words: string[]; excludedIds: string[] };

function searchConditions(db: Db, search: ListingSearch | undefined): Expression<SqlBool>[] {
  if (!search) return [];
  const conditions = [sql<SqlBool>`${sql.ref('products.id')} in (${matchingProductIds(db, search.words)})`];
  if (search.excludedIds.length > 0) conditions.push(sql<SqlBool>`${sql.ref('products.id')} not in (${sql.join(search.excludedIds)})`);
  return conditions;
}

/** A listed row, with the price it sorts by when the list sorts by price. */
export type ListedProductRow = ProductRow & { sort_price?: number | string };

/**
 * The list order: `order`, then title, then id, so ties have one answer. Both
 * dialects compare text byte by byte here (SQLite's BINARY, PostgreSQL's
 * C collation), so the same rows come in the same order on both.
 */
export const PRODUCT_ORDER: readonly KeyColumn[] = [
  { column: 'products.sort_order', direction: 'asc' },
  { column: 'products.title', direction: 'asc' },
  { column: 'products.id', direction: 'asc' },
];
export type ProductKey = [number, string, string];
export const productKey = (row: ProductRow): ProductKey => [row.sort_order, row.title, row.id];

const titleMatches = (text: string) => sql<boolean>`lower(${sql.ref('products.title')}) like ${containsPattern(text)} escape '\\'`;

/**
 * The category as an EXISTS test, so a page walks the list-order index and
 * stops after `limit` rows (a category holds a good share of the catalogue);
 * tags as IN subqueries driven by their index (a tag, and surely two, match
 * few products, which a walk of the whole order would look for in vain).
 */
function filteredProducts(db: Db, filter: ProductFilter, options: { category?: 'exists' | 'in'; withoutAttributes?: boolean } = {}) {
  const category = options.category ?? 'exists';
  let query = db.selectFrom('products').where(visibleWhere('products', filter.visibility));
  const { categoryId, titleContains } = filter;
  // A facet reads every match: it starts from the category's links, as a count does.
  if (categoryId !== undefined && category === 'in') {
    query = query.where('products.id', 'in', (eb) => eb.selectFrom('product_categories').select('product_categories.product_id').where('product_categories.category_id', '=', categoryId));
  } else if (categoryId !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb.selectFrom('product_categories').select('product_categories.product_id').whereRef('product_categories.product_id', '=', 'products.id').where('product_categories.category_id', '=', categoryId),
      ),
    );
  }
  for (const tagId of filter.tagIds) {
    query = query.where('products.id', 'in', (eb) => eb.selectFrom('product_tags').select('product_tags.product_id').where('product_tags.tag_id', '=', tagId));
  }
  if (titleContains !== undefined) query = query.where(titleMatches(titleContains));
  for (const condition of searchConditions(db, filter.search)) query = query.where(condition);
  for (const condition of narrowingConditions(filter.narrowing, { withoutAttributes: options.withoutAttributes })) query = query.where(condition);
  return query;
}

/** The ids of the products matching the filter: a subquery (a ranked search narrowed by facets). */
export const productIdsMatching = (db: Db, filter: ProductFilter) => filteredProducts(db, filter).select('products.id');

/** Products matching the filter in the sort's order (the list order by default): all of them, or `limit` rows after `after` / from `offset`. */
export function selectProducts(
  db: Db,
  filter: ProductFilter,
  range: { limit?: number; after?: readonly (string | number)[] | undefined; offset?: number; sort?: ProductSort } = {},
): Promise<ListedProductRow[]> {
  const sort = range.sort ?? 'order';
  const now = filter.narrowing?.now ?? new Date().toISOString();
  const keys = sortKeyOf(sort, now);
  const priced = sort === 'price-asc' || sort === 'price-desc' ? sort : undefined;
  let query = filteredProducts(db, filter)
    .selectAll('products')
    .$if(priced !== undefined, (qb) => qb.select(sortPrice(priced!, now).as('sort_price')));
  if (range.after) query = query.where(sort === 'order' ? afterKey(PRODUCT_ORDER, range.after) : afterSortKey(keys, range.after));
  for (const key of keys) query = query.orderBy(key.expr, key.direction);
  if (range.limit !== undefined) query = query.limit(range.limit);
  if (range.offset) query = query.offset(range.offset);
  return query.execute() as Promise<ListedProductRow[]>;
}

/** Every product's id and order, in list order: what a move needs, without the content. */
export function selectProductOrder(db: Db): Promise<Pick<ProductRow, 'id' | 'sort_order'>[]> {
  return db.selectFrom('products').select(['id', 'sort_order']).orderBy('sort_order').orderBy('title').orderBy('id').execute();
}

/**
 * How many products match. Unlike a page, which walks the list order and
 * stops early, a count reads every match: it starts from the link indexes
 * (IN subqueries), and a category alone is counted on its links only.
 */
export async function countProducts(db: Db, filter: ProductFilter): Promise<number> {
  const { categoryId, tagIds, titleContains, visibility } = filter;
  // The admin's unfiltered view of one category: its links are the count, read from their index.
  const everyStatus = visibility.viewer === 'admin' && visibility.status === undefined;
  const narrowed = narrowingConditions(filter.narrowing);
  if (everyStatus && categoryId !== undefined && tagIds.length === 0 && titleContains === undefined && narrowed.length === 0 && !filter.search) {
    const row = await db
      .selectFrom('product_categories')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('category_id', '=', categoryId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }
  let query = db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('count')).where(visibleWhere('products', visibility));
  if (categoryId !== undefined) {
    query = query.where('products.id', 'in', (eb) => eb.selectFrom('product_categories').select('product_categories.product_id').where('product_categories.category_id', '=', categoryId));
  }
  for (const tagId of tagIds) {
    query = query.where('products.id', 'in', (eb) => eb.selectFrom('product_tags').select('product_tags.product_id').where('product_tags.tag_id', '=', tagId));
  }
  if (titleContains !== undefined) query = query.where(titleMatches(titleContains));
  for (const condition of searchConditions(db, filter.search)) query = query.where(condition);
  for (const condition of narrowed) query = query.where(condition);
  const row = await query.executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Any status: callers decide what their viewer may see. */
export function selectProductById(db: Db, id: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Any status: callers decide what their viewer may see. */
export function selectProductBySlug(db: Db, slug: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** The highest order in use, or -1 when there are no products. */
export async function selectMaxProductOrder(db: Db): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('sort_order').as('max_order'))
    .executeTakeFirst();
  return row?.max_order === null || row?.max_order === undefined ? -1 : Number(row.max_order);
}

/** Category and tag ids per product, each list in the order it was saved. `productIds` undefined = all products. */
export async function selectProductLinks(db: Db, productIds?: string[]): Promise<Map<string, ProductLinks>> {
  const links = new Map<string, ProductLinks>();
  if (productIds && productIds.length === 0) return links;
  const linksOf = (productId: string) => {
    let entry = links.get(productId);
    if (!entry) links.set(productId, (entry = { categories: [], tags: [] }));
    return entry;
  };
  let categoryQuery = db.selectFrom('product_categories').select(['product_id', 'category_id']).orderBy('product_id').orderBy('position');
  let tagQuery = db.selectFrom('product_tags').select(['product_id', 'tag_id']).orderBy('product_id').orderBy('position');
  if (productIds) {
    categoryQuery = categoryQuery.where('product_id', 'in', productIds);
    tagQuery = tagQuery.where('product_id', 'in', productIds);
  }
  // One after the other: a transaction has a single connection.
  const categoryRows = await categoryQuery.execute();
  const tagRows = await tagQuery.execute();
  for (const row of categoryRows) linksOf(row.product_id).categories.push(row.category_id);
  for (const row of tagRows) linksOf(row.product_id).tags.push(row.tag_id);
  return links;
}

export async function insertProduct(db: Db, row: Insertable<ProductRow>): Promise<void> {
  await db.insertInto('products').values(row).execute();
}

/**
 * Writes the changes and moves the version; with `ifVersion`, only when the
 * row is still at that version (compare-and-set). Returns false when no row matched.
 */
export async function updateProductRow(db: Db, id: string, changes: Updateable<ProductRow>, ifVersion?: number): Promise<boolean> {
  let query = db
    .updateTable('products')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (ifVersion !== undefined) query = query.where('version', '=', ifVersion);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Renumbers one product's place in the list without moving its version, as a
 * reorder does (ordering.ts): the version guards the editor's fields, and a
 * move elsewhere in the list must not refuse the save of an editor open on it.
 */
export async function setProductPosition(db: Db, id: string, order: number, updatedAt: string): Promise<void> {
  await db.updateTable('products').set({ sort_order: order, updated_at: updatedAt }).where('id', '=', id).execute();
}

/** Replaces the product's category and tag links, keeping the given order. */
export async function replaceProductLinks(db: Db, productId: string, links: ProductLinks): Promise<void> {
  await db.deleteFrom('product_categories').where('product_id', '=', productId).execute();
  await db.deleteFrom('product_tags').where('product_id', '=', productId).execute();
  if (links.categories.length > 0) {
    await db
      .insertInto('product_categories')
      .values(links.categories.map((categoryId, position) => ({ product_id: productId, category_id: categoryId, position })))
      .execute();
  }
  if (links.tags.length > 0) {
    await db
      .insertInto('product_tags')
      .values(links.tags.map((tagId, position) => ({ product_id: productId, tag_id: tagId, position })))
      .execute();
  }
}

/** Removes the product and its links; returns false when no row has that id. */
export async function deleteProductRow(db: Db, id: string): Promise<boolean> {
  await db.deleteFrom('product_categories').where('product_id', '=', id).execute();
  await db.deleteFrom('product_tags').where('product_id', '=', id).execute();
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The listing a facet counts over, as product ids. A visitor's category with nothing else chosen but
 * attributes is its links less the few products not live yet, read from their own partial index
 * (products_not_live_idx, decision 082): no product's row is looked up to read its status. Anything
 * else is the listing's own read.
 */
function facetListing(db: Db, filter: ProductFilter) {
  const { categoryId, visibility } = filter;
  const onlyCategory = filter.tagIds.length === 0 && filter.titleContains === undefined && !filter.search && narrowingConditions(filter.narrowing, { withoutAttributes: true }).length === 0;
  if (categoryId === undefined || !seesLiveOnly(visibility) || !onlyCategory) return filteredProducts(db, filter, { category: 'in', withoutAttributes: true }).select('products.id as id');
  const notLive = db.selectFrom('products').select('products.id').where(notLiveWhere('products', visibility.now));
  return db
    .selectFrom('product_categories')
    .select('product_categories.product_id as id')
    .where('product_categories.category_id', '=', categoryId)
    .where('product_categories.product_id', 'not in', notLive);
}

/** One facet count: products of the listing holding `value` of the attribute (a number's: any value, with their min and max). */
export type FacetCount = { attributeId: string; value: string | null; count: number; min: number | null; max: number | null };

/** A filter attribute to count: a number's values are counted together (with their range), a choice's or yes/no's one by one. */
export type FacetAttribute = { id: string; type: string };

/**
 * Every facet's counts and the listing's total in one read (decision 072, amended in 077 and 082). The
 * listing without its attribute choices is read once, each product with one column per attribute: its
 * value, found by one seek of the index that starts at the product and the attribute and holds the
 * values (named on SQLite, which without statistics would take the primary key and then read the row),
 * and one flag per chosen attribute. Those rows are grouped once, by every choice's and yes/no's value
 * and the flags (a number's values are counted with their range): a few rows per combination, kept for
 * the statement. A facet then adds up its values over the combinations whose *other* chosen attributes'
 * flags hold (a facet leaves out its own choice: OR within, AND across); the total, where all flags hold.
 */
export async function selectFacetCounts(db: Db, filter: ProductFilter, attributes: FacetAttribute[]): Promise<{ counts: FacetCount[]; total: number }> {
  const chosen = filter.narrowing?.attributes ?? [];
  // One column per attribute read: the facets', then chosen attributes that are not facets (an API filter on any attribute).
  const columns: { id: string; numeric: boolean }[] = attributes.map((attribute) => ({ id: attribute.id, numeric: attribute.type === 'number' }));
  for (const condition of chosen) {
    if (!columns.some((column) => column.id === condition.attributeId)) columns.push({ id: condition.attributeId, numeric: condition.kind === 'range' });
  }
  const indexOf = (id: string) => columns.findIndex((column) => column.id === id);
  const valueOf = (index: number) => sql.ref(`p${index}.${columns[index]!.numeric ? 'value_num' : 'value_text'}`);
  const valueIndex = isPostgres(db) ? sql`` : sql` indexed by product_attributes_values_idx`;
  const joins = columns.map(
    (column, index) =>
      sql`left join product_attributes as ${sql.ref(`p${index}`)}${valueIndex} on ${sql.ref(`p${index}.product_id`)} = l.id and ${sql.ref(`p${index}.attribute_id`)} = ${column.id}`,
  );
  const ref = (name: string) => sql.ref(name);
  const flagNames = chosen.map((_, index) => `m${index}`);
  const perProduct = [
    ...columns.map((_, index) => sql`${valueOf(index)} as ${ref(`c${index}`)}`),
    ...chosen.map((condition, index) => sql`case when ${chosenMatch(valueOf(indexOf(condition.attributeId)), condition)} then 1 else 0 end as ${ref(flagNames[index]!)}`),
  ];
  // The combination a product falls in: its choices' and yes/no's values, and its flags.
  const keys = [...attributes.flatMap((attribute, index) => (attribute.type === 'number' ? [] : [ref(`c${index}`)])), ...flagNames.map(ref)];
  const perCombination = [
    ...keys,
    sql`count(*) as n`,
    ...attributes.flatMap((attribute, index) =>
      attribute.type === 'number'
        ? [sql`count(${ref(`c${index}`)}) as ${ref(`k${index}`)}`, sql`min(${ref(`c${index}`)}) as ${ref(`lo${index}`)}`, sql`max(${ref(`c${index}`)}) as ${ref(`hi${index}`)}`]
        : [],
    ),
  ];
  const flagsHold = (except?: string) => {
    const held = chosen.flatMap((condition, index) => (condition.attributeId === except ? [] : [sql`${ref(flagNames[index]!)} = 1`]));
    return held.length > 0 ? sql.join(held, sql` and `) : sql`1 = 1`;
  };
  const facetCounts = attributes.map((attribute, index) => {
    const others = flagsHold(attribute.id);
    if (attribute.type === 'number') {
      return sql`select ${sql.lit(index)} as facet, null as value_text, sum(${ref(`k${index}`)}) as count, min(${ref(`lo${index}`)}) as min, max(${ref(`hi${index}`)}) as max from facet_base where ${others}`;
    }
    const value = ref(`c${index}`);
    return sql`select ${sql.lit(index)} as facet, ${value} as value_text, sum(n) as count, null as min, null as max from facet_base where ${value} is not null and ${others} group by ${value}`;
  });
  const total = sql`select -1 as facet, null as value_text, sum(n) as count, null as min, null as max from facet_base where ${flagsHold()}`;
  const { rows } = await sql<{ facet: number | string; value_text: string | null; count: number | string | null; min: number | string | null; max: number | string | null }>`
    with facet_base as materialized (
      select ${sql.join(perCombination)}
      from (select l.id${perProduct.length > 0 ? sql`, ${sql.join(perProduct)}` : sql``} from (${facetListing(db, filter)}) l ${sql.join(joins, sql` `)}) per_product
      ${keys.length > 0 ? sql`group by ${sql.join(keys)}` : sql``}
    )
    ${sql.join([...facetCounts, total], sql` union all `)}`.execute(db);
  let listed = 0;
  const counts: FacetCount[] = [];
  for (const row of rows) {
    const facet = Number(row.facet);
    if (facet === -1) {
      listed = Number(row.count ?? 0);
      continue;
    }
    // A number facet over no product still answers one row (no count): nothing to count.
    if (!Number(row.count)) continue;
    counts.push({
      attributeId: attributes[facet]!.id,
      value: row.value_text,
      count: Number(row.count),
      min: row.min === null ? null : Number(row.min),
      max: row.max === null ? null : Number(row.max),
    });
  }
  return { counts, total: listed };
}
