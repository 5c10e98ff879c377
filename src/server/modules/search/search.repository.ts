import { sql, type Expression } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';
import type { SearchIndexRow } from '../../db/schema';

// The dialect-specific SQL of a search. `words` come from shared/search-text
// (letters and digits only), so they can never be read as query syntax; they
// are bound as parameters all the same.
//
// Both queries read the full-text index alone, never joining `products` for
// every match: a word that every product carries ("course") would otherwise
// cost one product lookup per product in the catalogue. Drafts are not in the
// index at all; the few products scheduled for later are taken out by id
// (search.service.ts).

/** Every word must start a word of the product (prefix match, so suggestions work while a word is half typed). */
const ftsQuery = (words: string[]) => words.map((word) => `"${word}"*`).join(' ');
const tsQuery = (words: string[]) => words.map((word) => `${word}:*`).join(' & ');

/**
 * The best `limit` matches' product ids, best first. Column weights: the
 * title counts most, then tags, categories, info, and the description least.
 * Equal ranks keep the order of the index rows, so pages never overlap.
 */
export async function selectRankedIds(db: Db, words: string[], limit: number): Promise<string[]> {
  const { rows } = isPostgres(db)
    ? await sql<{ product_id: string }>`
        select product_id from search_index
        where document @@ to_tsquery('simple', ${tsQuery(words)})
        order by ts_rank(document, to_tsquery('simple', ${tsQuery(words)})) desc, product_id
        limit ${limit}`.execute(db)
    : await sql<{ product_id: string }>`
        select product_id from search_index
        where search_index match ${ftsQuery(words)}
        order by bm25(search_index, 0, 10, 3, 5, 4, 1), rowid
        limit ${limit}`.execute(db);
  return rows.map((row) => row.product_id);
}

/** The ids of the products whose index row matches every word: a subquery that narrows a product listing to a search (decision 077). */
export function matchingProductIds(db: Db, words: string[]) {
  return isPostgres(db)
    ? sql<{ product_id: string }>`select product_id from search_index where document @@ to_tsquery('simple', ${tsQuery(words)})`
    : sql<{ product_id: string }>`select product_id from search_index where search_index match ${ftsQuery(words)}`;
}

/** The best `limit` matches among the products `among` selects (a subquery of product ids), best first, from `offset`. */
export async function selectRankedIdsAmong(db: Db, words: string[], among: Expression<unknown>, limit: number, offset: number): Promise<string[]> {
  const { rows } = isPostgres(db)
    ? await sql<{ product_id: string }>`
        select product_id from search_index
        where document @@ to_tsquery('simple', ${tsQuery(words)}) and product_id in ${among}
        order by ts_rank(document, to_tsquery('simple', ${tsQuery(words)})) desc, product_id
        limit ${limit} offset ${offset}`.execute(db)
    : await sql<{ product_id: string }>`
        select product_id from search_index
        where search_index match ${ftsQuery(words)} and product_id in ${among}
        order by bm25(search_index, 0, 10, 3, 5, 4, 1), rowid
        limit ${limit} offset ${offset}`.execute(db);
  return rows.map((row) => row.product_id);
}

/** How many index rows match; with `among`, only those of these products. */
export async function countIndexMatches(db: Db, words: string[], among?: string[]): Promise<number> {
  if (among && among.length === 0) return 0;
  const only = among ? sql`and product_id in (${sql.join(among)})` : sql``;
  const { rows } = isPostgres(db)
    ? await sql<{ n: number }>`select count(*) as n from search_index where document @@ to_tsquery('simple', ${tsQuery(words)}) ${only}`.execute(db)
    : await sql<{ n: number }>`select count(*) as n from search_index where search_index match ${ftsQuery(words)} ${only}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Products scheduled for a time still to come: in the index, hidden from visitors until then. */
export async function selectNotYetLiveIds(db: Db, now: string): Promise<string[]> {
  const rows = await db.selectFrom('products').select('id').where('status', '=', 'scheduled').where('publish_at', '>', now).execute();
  return rows.map((row) => row.id);
}

/**
 * The index rows of matching products listed in a category that is not live
 * yet (normally none): their match may rest on that category's title alone.
 */
export async function selectMatchesInLaterCategories(db: Db, words: string[], now: string): Promise<Omit<SearchIndexRow, 'categories'>[]> {
  const later = sql`select pc.product_id from product_categories pc join categories c on c.id = pc.category_id
    where c.status = 'scheduled' and c.publish_at > ${now}`;
  const { rows } = isPostgres(db)
    ? await sql<Omit<SearchIndexRow, 'categories'>>`
        select product_id, title, info, tags, body from search_index
        where document @@ to_tsquery('simple', ${tsQuery(words)}) and product_id in (${later})`.execute(db)
    : await sql<Omit<SearchIndexRow, 'categories'>>`
        select product_id, title, info, tags, body from search_index
        where search_index match ${ftsQuery(words)} and product_id in (${later})`.execute(db);
  return rows;
}

/** Whether any category is scheduled for a time still to come (read on the partial index of scheduled rows). */
export async function anyCategoryNotYetLive(db: Db, now: string): Promise<boolean> {
  const row = await db.selectFrom('categories').select('id').where('status', '=', 'scheduled').where('publish_at', '>', now).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Products whose every edition is sold out (decision 072): left out of visitors' results when the owner hides them. */
export async function selectSoldOutIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('products')
    .select('products.id')
    .where((eb) => eb.exists(eb.selectFrom('product_editions as e').select('e.id').whereRef('e.product_id', '=', 'products.id')))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('product_editions as e').select('e.id').whereRef('e.product_id', '=', 'products.id').where('e.availability', '<>', 'sold_out'))))
    .execute();
  return rows.map((row) => row.id);
}
