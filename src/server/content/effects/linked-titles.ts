import type { Db } from '../../db/database';
import { visibleWhere, visibilityFor } from '../visibility';

/**
 * Which categories may be named beside a product: the index keeps every one
 * not in draft (a scheduled one will go live without a write); a result shows
 * only those live now. A draft category's title is never searchable: it would
 * tell visitors of a category they cannot see.
 */
export type CategoryScope = 'not-draft' | 'live';

export type LinkedTitles = { tags: Map<string, string[]>; categories: Map<string, string[]> };

/** The tag and category titles of each of `productIds`, in the product's own order. */
export async function linkedTitles(db: Db, productIds: string[], scope: CategoryScope): Promise<LinkedTitles> {
  if (productIds.length === 0) return { tags: new Map(), categories: new Map() };
  const tags = await db
    .selectFrom('product_tags')
    .innerJoin('tags', 'tags.id', 'product_tags.tag_id')
    .select(['product_tags.product_id', 'tags.title'])
    .where('product_tags.product_id', 'in', productIds)
    .orderBy('product_tags.position')
    .execute();
  const categories = await db
    .selectFrom('product_categories')
    .innerJoin('categories', 'categories.id', 'product_categories.category_id')
    .select(['product_categories.product_id', 'categories.title'])
    .where('product_categories.product_id', 'in', productIds)
    .where(scope === 'live' ? visibleWhere('categories', visibilityFor('visitor')) : (eb) => eb('categories.status', '<>', 'draft'))
    .orderBy('product_categories.position')
    .execute();
  return { tags: groupTitles(tags), categories: groupTitles(categories) };
}

function groupTitles(rows: { product_id: string; title: string }[]): Map<string, string[]> {
  const byProduct = new Map<string, string[]>();
  for (const row of rows) {
    const titles = byProduct.get(row.product_id);
    if (titles) titles.push(row.title);
    else byProduct.set(row.product_id, [row.title]);
  }
  return byProduct;
}
