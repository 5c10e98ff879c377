import type { Kysely } from 'kysely';

/**
 * Confirmation mail waits here instead of in the sign-up request, so the
 * answer takes the same time for a new and a known address (decision 052).
 * One row per sign-up; a sender takes it, decides whether a mail is due, sends
 * it and deletes the row, or retries it later. Frozen in time: migrations
 * never import application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('subscriber_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('next_attempt_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('claimed_until', 'varchar(40)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(500)')
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['next_attempt_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
