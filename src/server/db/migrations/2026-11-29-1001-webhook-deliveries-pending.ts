import { sql, type Kysely } from 'kysely';

/**
 * The webhook rows still to be sent, by when they are due (decision 065): the
 * dispatcher's claim and its look at when the next row is due read this
 * index, not every delivered row the log keeps. Expand only (decision 062).
 * Frozen in time: migrations never import application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('webhook_deliveries_pending_idx')
    .on('webhook_deliveries')
    .columns(['next_attempt_at', 'seq'])
    .where(sql.ref('delivered_at'), 'is', null)
    .where(sql.ref('failed_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_pending_idx').execute();
}
