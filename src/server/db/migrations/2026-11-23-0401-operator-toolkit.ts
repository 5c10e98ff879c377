import type { Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
export async function up(db: Kysely<any>): Promise<void> {
  // Sessions gain an id (so the admin can name one to sign out without its
  // token), the address and browser it came from, and two clocks: a sliding
  // inactivity expiry and an absolute one. Existing sessions carry none of
  // that, so they are dropped: everyone signs in once more after the upgrade.
  await db.schema.dropTable('sessions').execute();
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('absolute_expires_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('at', 'varchar(40)', (c) => c.notNull())
    .addColumn('action', 'varchar(100)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('target_id', 'varchar(200)')
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();

  // One row per unused recovery code: using one deletes its row, so a code works once even when two sign-ins race.
  await db.schema
    .createTable('recovery_codes')
    .addColumn('code_hash', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recovery_codes').ifExists().execute();
  await db.schema.dropTable('audit_log').ifExists().execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}
