import { sql, type Kysely } from 'kysely';

/**
 * Subscribers gain a status (pending until the address is confirmed by mail,
 * confirmed, unsubscribed) and the times that prove consent; every address
 * stored before this was taken without confirmation mail, so it counts as
 * confirmed at its sign-up time. The webhook outbox holds each subscriber
 * change until the provider has taken it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subscribers').addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('confirmed')).execute();
  await db.schema.alterTable('subscribers').addColumn('confirmed_at', 'varchar(40)').execute();
  await db.schema.alterTable('subscribers').addColumn('unsubscribed_at', 'varchar(40)').execute();
  await db.schema.alterTable('subscribers').addColumn('confirmation_sent_at', 'varchar(40)').execute();
  await db.updateTable('subscribers').set({ confirmed_at: sql`created_at` }).execute();
  // The owner's list filtered by status, newest first, seeks on this index.
  await db.schema.createIndex('subscribers_status_order_idx').on('subscribers').columns(['status', 'created_at', 'id']).execute();

  await db.schema
    .createTable('webhook_outbox')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    // Commit order within this app (milliseconds * 1000 + a counter): deliveries per subscriber follow it.
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('subscriber_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('event', 'varchar(40)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    // The exact bytes that are signed and sent.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('next_attempt_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('claimed_until', 'varchar(40)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivered_at', 'varchar(40)')
    .addColumn('failed_at', 'varchar(40)')
    .addColumn('last_attempt_at', 'varchar(40)')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'varchar(500)')
    .execute();
  await db.schema.createIndex('webhook_outbox_subscriber_seq_idx').on('webhook_outbox').columns(['subscriber_id', 'seq']).execute();
  await db.schema.createIndex('webhook_outbox_due_idx').on('webhook_outbox').columns(['delivered_at', 'failed_at', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_outbox_seq_idx').on('webhook_outbox').column('seq').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_outbox').execute();
  await db.schema.dropIndex('subscribers_status_order_idx').execute();
  for (const column of ['confirmation_sent_at', 'unsubscribed_at', 'confirmed_at', 'status']) {
    await db.schema.alterTable('subscribers').dropColumn(column).execute();
  }
}
