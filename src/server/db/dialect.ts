import { PostgresAdapter } from 'kysely';
import type { Db } from './database';

/** Whether `db` (or a transaction on it) speaks PostgreSQL: for the few reads whose best SQL differs by dialect. */
export const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
