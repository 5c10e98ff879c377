import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/database';
import { visibleWhere, type Visibility } from '../../content/visibility';

// The dialect-specific SQL of a search. `words` come from shared/search-text
// (letters and digits only), so they can never be read as query syntax; they
// are bound as parameters all the same.

/** Column weights: a match in the title counts most, then tags, categories, info, and the description least. */
const SQLITE_RANK = sql`bm25(search_index, 0, 10, 3, 5, 4, 1)`;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Every word must start a word of the product (prefix match, so suggestions work while a word is half typed). */
const ftsQuery = (words: string[]) => words.map((word) => `"${word}"*`).join(' ');
const tsQuery = (words: string[]) => words.map((word) => `${word}:*`).join(' & ');

/** Ids of one page of matches that the viewer may see, best first; ties in list order. */
export async function selectMatchIds(db: Db, words: string[], visibility: Visibility, limit: number, offset: number): Promise<string[]> {
  const visible = visibleWhere('products', visibility);
  const { rows } = isPostgres(db)
    ? await sql<{ id: string }>`
        select products.id from search_index
        join products on products.id = search_index.product_id
        where search_index.document @@ to_tsquery('simple', ${tsQuery(words)}) and ${visible}
        order by ts_rank(search_index.document, to_tsquery('simple', ${tsQuery(words)})) desc,
          products.sort_order, products.title, products.id
        limit ${limit} offset ${offset}`.execute(db)
    : await sql<{ id: string }>`
        select products.id from search_index
        join products on products.id = search_index.product_id
        where search_index match ${ftsQuery(words)} and ${visible}
        order by ${SQLITE_RANK}, products.sort_order, products.title, products.id
        limit ${limit} offset ${offset}`.execute(db);
  return rows.map((row) => row.id);
}

/** How many products the viewer may see match. */
export async function countMatches(db: Db, words: string[], visibility: Visibility): Promise<number> {
  const visible = visibleWhere('products', visibility);
  const { rows } = isPostgres(db)
    ? await sql<{ n: number }>`
        select count(*) as n from search_index
        join products on products.id = search_index.product_id
        where search_index.document @@ to_tsquery('simple', ${tsQuery(words)}) and ${visible}`.execute(db)
    : await sql<{ n: number }>`
        select count(*) as n from search_index
        join products on products.id = search_index.product_id
        where search_index match ${ftsQuery(words)} and ${visible}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
