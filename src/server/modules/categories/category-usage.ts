import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { CategoryUsage } from '../../../shared/schemas/category-usage';

/**
 * What deleting a category would do to the catalogue: how many products are
 * in it, and how many of those are in no other category, so they would be
 * left uncategorised (on no category page). Drafts count: they are products too.
 */
export async function categoryUsage(db: Db, categoryId: string): Promise<CategoryUsage> {
  const row = await db
    .selectFrom('product_categories as mine')
    .where('mine.category_id', '=', categoryId)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('products'),
      eb.fn
        .count<number | string>('mine.product_id')
        .filterWhere(
          sql<boolean>`not exists (select 1 from product_categories other where other.product_id = mine.product_id and other.category_id <> ${categoryId})`,
        )
        .as('only_here'),
    ])
    .executeTakeFirst();
  // PostgreSQL answers count(*) as a string.
  return { products: Number(row?.products ?? 0), leftUncategorised: Number(row?.only_here ?? 0) };
}
