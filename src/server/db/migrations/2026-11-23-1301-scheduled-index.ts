import { sql, type Kysely } from 'kysely';

// The (status, publish_at) indexes made SQLite answer every visitor list
// ("published, or scheduled and due") by reading all published rows through
// them (a multi-index OR) and sorting, instead of walking the list-order index
// and stopping after one page: a page of a 10,000-product catalogue cost a
// scan and a sort. Only scheduled rows are ever looked up by status and time
// (the scheduler's next due item, the admin's "scheduled" filter), so a
// partial index on them serves those reads and offers no OR plan for lists.
// Frozen in time: migrations never import application code.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['products', 'categories']) {
    await db.schema.dropIndex(`${table}_status_publish_at`).execute();
    await db.schema
      .createIndex(`${table}_scheduled_publish_at`)
      .on(table)
      .column('publish_at')
      .where(sql.ref('status'), '=', 'scheduled')
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['products', 'categories']) {
    await db.schema.dropIndex(`${table}_scheduled_publish_at`).execute();
    await db.schema.createIndex(`${table}_status_publish_at`).on(table).columns(['status', 'publish_at']).execute();
  }
}
