import type { Kysely } from 'kysely';

// What the second factor remembers between sign-ins (decision 049): the last
// TOTP time step it accepted, so no code is taken twice, and the account-wide
// count of wrong codes in the current hour. One row per account ("admin").
// Frozen in time: migrations never import application code.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('two_factor_state')
    .addColumn('account', 'varchar(40)', (c) => c.primaryKey())
    // Time steps are seconds / 30: about 59 million today, far inside 32 bits.
    .addColumn('last_step', 'integer', (c) => c.notNull())
    .addColumn('wrong_codes', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'varchar(40)')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('two_factor_state').execute();
}
