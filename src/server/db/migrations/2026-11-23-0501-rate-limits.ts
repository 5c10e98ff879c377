import type { Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
export async function up(db: Kysely<any>): Promise<void> {
  // Fixed-window counters shared by every copy of the app (sign-up limits per client and site-wide).
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('window_start', 'varchar(40)', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
