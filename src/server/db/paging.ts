import { sql, type RawBuilder } from 'kysely';

/**
 * Keyset paging: a page starts after the sort key of the previous page's last
 * row, so a walk sees every row once even when rows are added meanwhile, and
 * a deep page costs as little as the first. The key travels to the client as
 * an opaque cursor (base64url of its JSON).
 */
export type SortKey = readonly (string | number)[];
export type KeyColumn = { column: string; direction: 'asc' | 'desc' };

export function encodeCursor(key: SortKey): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** `(c1, c2, …) > (v1, v2, …)` in the columns' own directions, written out so both dialects use their indexes. */
export function afterKey(columns: readonly KeyColumn[], key: SortKey): RawBuilder<boolean> {
  const branches = columns.map((current, index) => {
    const equal = columns.slice(0, index).map((column, j) => sql`${sql.ref(column.column)} = ${key[j]}`);
    const beyond = current.direction === 'asc' ? sql`>` : sql`<`;
    return sql`(${sql.join([...equal, sql`${sql.ref(current.column)} ${beyond} ${key[index]}`], sql` and `)})`;
  });
  return sql<boolean>`(${sql.join(branches, sql` or `)})`;
}

/** `%text%` for LIKE, with the wildcards in `text` taken literally (escape character `\`). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Reads `limit + 1` rows to learn whether a next page exists without a second query. */
export function toPage<Row, Item>(rows: Row[], limit: number, keyOf: (row: Row) => SortKey, toItem: (row: Row) => Item, total: number) {
  const pageRows = rows.slice(0, limit);
  const last = pageRows[pageRows.length - 1];
  return {
    items: pageRows.map(toItem),
    nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null,
    total,
  };
}
