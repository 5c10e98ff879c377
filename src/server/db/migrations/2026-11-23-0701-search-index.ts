import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The full-text index of products (docs/decisions/034-site-search.md): one
 * row per product holding its searchable text already cut into folded words
 * (title, info, tag titles, category titles, description text).
 * SQLite: an FTS5 table (ranked with bm25). PostgreSQL: a table with a
 * weighted tsvector generated from those columns, under a GIN index.
 * The app fills it at start when it lacks products, so this migration leaves it empty.
 * Frozen in time: migrations never import application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await sql`create virtual table search_index using fts5(
      product_id unindexed, title, info, tags, categories, body,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'
    )`.execute(db);
    return;
  }
  await sql`create table search_index (
    product_id varchar(100) primary key,
    title text not null,
    info text not null,
    tags text not null,
    categories text not null,
    body text not null,
    document tsvector generated always as (
      setweight(to_tsvector('simple'::regconfig, title), 'A') ||
      setweight(to_tsvector('simple'::regconfig, tags), 'B') ||
      setweight(to_tsvector('simple'::regconfig, categories || ' ' || info), 'C') ||
      setweight(to_tsvector('simple'::regconfig, body), 'D')
    ) stored
  )`.execute(db);
  await sql`create index search_index_document on search_index using gin (document)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists search_index`.execute(db);
}
