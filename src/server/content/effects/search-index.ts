import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { wordsOf } from '../../../shared/search-text';
import { htmlToText } from '../../../shared/html-text';
import { linkedTitles } from './linked-titles';

/**
 * Keeps the full-text index (table `search_index`) in step with products.
 * The write unit (write.ts) reindexes the products a written item shows in
 * (types.ts `search`) inside the write's transaction, so the index changes
 * in the same commit as the content it mirrors: a search never finds
 * a product as it was before a save, nor one that was deleted
 * (docs/decisions/034-site-search.md). Visibility is not stored here: a
 * search joins `products` and filters by status and publish time as it reads.
 */

/** Bound parameters per statement stay far below both databases' limits. */
const BATCH = 500;

const chunks = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH));
const words = (text: string) => wordsOf(text).join(' ');

/** Writes the index rows of these products afresh (a product that no longer exists loses its row). */
export async function reindexProducts(db: Db, productIds: string[]): Promise<void> {
  for (const ids of chunks([...new Set(productIds)])) {
    await db.deleteFrom('search_index').where('product_id', 'in', ids).execute();
    // Drafts stay out: the index then holds only what visitors may find (or will, once a scheduled time passes).
    const products = await db
      .selectFrom('products')
      .select(['id', 'title', 'duration', 'description'])
      .where('id', 'in', ids)
      .where('status', '<>', 'draft')
      .execute();
    if (products.length === 0) continue;
    const { tags, categories } = await linkedTitles(db, ids, 'not-draft');
    await db
      .insertInto('search_index')
      .values(
        products.map((product) => ({
          product_id: product.id,
          title: words(product.title),
          info: words(product.duration),
          tags: words((tags.get(product.id) ?? []).join(' ')),
          categories: words((categories.get(product.id) ?? []).join(' ')),
          body: words(htmlToText(product.description)),
        })),
      )
      .execute();
  }
}

/** Ids of the products carrying a tag: read before the tag is renamed or removed, reindexed after. */
export async function productIdsWithTag(db: Db, tagId: string): Promise<string[]> {
  const rows = await db.selectFrom('product_tags').select('product_id').where('tag_id', '=', tagId).execute();
  return rows.map((row) => row.product_id);
}

/** Ids of the products listed in a category. */
export async function productIdsInCategory(db: Db, categoryId: string): Promise<string[]> {
  const rows = await db.selectFrom('product_categories').select('product_id').where('category_id', '=', categoryId).execute();
  return rows.map((row) => row.product_id);
}

/** The whole index from the products, in one transaction (after a restore, or when it is found incomplete). */
export async function rebuildSearchIndex(db: Db): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('search_index').execute();
    const ids = await trx.selectFrom('products').select('id').orderBy('id').execute();
    await reindexProducts(
      trx,
      ids.map((row) => row.id),
    );
  });
}

/**
 * At start-up: an index that does not hold exactly the products that are not drafts (a new
 * installation upgraded to this version, rows written straight into the
 * tables by a bulk import) is rebuilt. Cheap when it is complete: two counts.
 */
export async function ensureSearchIndex(db: Db): Promise<boolean> {
  const count = async (table: 'products' | 'search_index') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .$if(table === 'products', (query) => query.where('status', '<>', 'draft'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  if ((await count('products')) === (await count('search_index'))) return false;
  await rebuildSearchIndex(db);
  return true;
}
