import type { Kysely } from 'kysely';

/**
 * Content webhooks (decision 065): endpoints the owner adds in the admin, and
 * one delivery row per event and endpoint, written in the transaction of the
 * change it tells of. The secret is stored sealed (content/secret-box.ts).
 * Frozen in time: migrations never import application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('disabled_reason', 'varchar(500)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('endpoint_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('item_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('event', 'varchar(100)', (c) => c.notNull())
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
    .addColumn('response_ms', 'integer')
    .addColumn('response_excerpt', 'varchar(1000)')
    .addColumn('scheduled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('webhook_deliveries_item_idx').on('webhook_deliveries').columns(['endpoint_id', 'item_key', 'seq']).execute();
  await db.schema.createIndex('webhook_deliveries_endpoint_seq_idx').on('webhook_deliveries').columns(['endpoint_id', 'seq']).execute();
  await db.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['next_attempt_at', 'seq']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
