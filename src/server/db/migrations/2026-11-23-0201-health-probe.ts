import type { Kysely } from 'kysely';

// One row per copy of the app, rewritten by the readiness check to prove that writes commit.
// Frozen in time: migrations never import application code.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('health_probe')
    .addColumn('instance', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('checked_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('health_probe').execute();
}
