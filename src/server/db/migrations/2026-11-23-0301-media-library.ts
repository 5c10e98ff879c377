import { sql, type ColumnDataType, type Kysely } from 'kysely';

type Column = { name: string; type: ColumnDataType; default?: string | number };

/** New media columns; nullable ones have no default. */
const COLUMNS: Column[] = [
  { name: 'original_name', type: 'text', default: '' },
  { name: 'alt', type: 'text', default: '' },
  { name: 'decorative', type: 'integer', default: 0 },
  { name: 'width', type: 'integer' },
  { name: 'height', type: 'integer' },
  { name: 'placeholder', type: 'varchar(20)', default: '' },
  { name: 'focal_x', type: 'real', default: 0.5 },
  { name: 'focal_y', type: 'real', default: 0.5 },
  { name: 'variants', type: 'text', default: '[]' },
  { name: 'variants_status', type: 'varchar(20)', default: 'none' },
  { name: 'variants_claimed_at', type: 'varchar(40)' },
  { name: 'variants_attempts', type: 'integer', default: 0 },
];

/**
 * The media library: what the owner edits per file (alt text, decorative,
 * focal point), what the app learns from the bytes (intrinsic size, a
 * placeholder colour, the original file name) and the variant work queue
 * (DESIGN.md §7: work that happens later lives in the database). Existing
 * images are queued, so variants of earlier uploads are made by the
 * background worker or by `npm run media:variants`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // SQLite adds one column per ALTER TABLE statement.
  for (const column of COLUMNS) {
    await db.schema
      .alterTable('media')
      .addColumn(column.name, column.type, (c) => (column.default === undefined ? c : c.notNull().defaultTo(column.default)))
      .execute();
  }
  await sql`update media set variants_status = 'pending' where mime_type like 'image/%'`.execute(db);
  await db.schema.createIndex('media_created_idx').on('media').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('media_variants_status_idx').on('media').column('variants_status').execute();
  await db.schema.createIndex('media_url_idx').on('media').column('url').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['media_url_idx', 'media_variants_status_idx', 'media_created_idx']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable('media').dropColumn(column.name).execute();
}
