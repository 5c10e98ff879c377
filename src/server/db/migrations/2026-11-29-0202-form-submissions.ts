import type { Kysely } from 'kysely';

/**
 * What visitors send through a page's contact form (issue 29). The row is
 * also the mail's outbox: `mail_status` 'pending' rows are claimed and sent
 * after the answer, so a mail failure never loses a submission.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('form_submissions')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('page_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('block_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('page_title', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('mail_status', 'varchar(20)', (c) => c.notNull().defaultTo('none'))
    .addColumn('mail_next_attempt_at', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('mail_claimed_until', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('mail_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mail_last_error', 'text')
    .execute();
  await db.schema.createIndex('form_submissions_created_idx').on('form_submissions').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('form_submissions_mail_idx').on('form_submissions').columns(['mail_status', 'mail_next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('form_submissions').execute();
}
