import type { Kysely } from 'kysely';

// Optional search and social-card overrides per product and category: null
// means "use the title and the description". Frozen in time: migrations never
// import application code.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['products', 'categories']) {
    await db.schema.alterTable(table).addColumn('seo_title', 'varchar(200)').execute();
    await db.schema.alterTable(table).addColumn('seo_description', 'varchar(500)').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['products', 'categories']) {
    await db.schema.alterTable(table).dropColumn('seo_description').execute();
    await db.schema.alterTable(table).dropColumn('seo_title').execute();
  }
}
