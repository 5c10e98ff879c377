import pg from 'pg';
import { PostgresDialect, type DatabaseConnection, type Driver, type PostgresPool, type PostgresPoolClient } from 'kysely';
import { DatabaseUnavailableError, classifyDatabaseError } from './errors';

/**
 * Time limits on every PostgreSQL connection (decision 010): a stalled or
 * unreachable server must turn into a quick 503, never a request that hangs.
 */
export const PG_TIMEOUTS = {
  /** Opening a connection, and waiting for a free one in the pool. */
  connectMs: 2_000,
  /** The server cancels a statement running longer than this. */
  statementMs: 10_000,
  /** A statement waiting this long for a row or table lock gives up (55P03), instead of queueing behind it. */
  lockMs: 3_000,
  /** A transaction left open this long (a stuck request) is ended by the server, releasing its locks. */
  idleInTransactionMs: 15_000,
  /** No answer at all (network stall): the client gives up a little after the server would have. */
  readMs: 11_000,
};

export type PoolEvents = {
  /** A connection failed outside a query (dropped while idle or between statements). */
  onConnectionError: (error: Error) => void;
  onRollbackError: (error: unknown) => void;
};

export function createPgPool(connectionString: string, events: PoolEvents, max = 10): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: PG_TIMEOUTS.connectMs,
    statement_timeout: PG_TIMEOUTS.statementMs,
    lock_timeout: PG_TIMEOUTS.lockMs,
    idle_in_transaction_session_timeout: PG_TIMEOUTS.idleInTransactionMs,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  // pg-pool listens for errors only on idle clients; one that drops while a
  // request holds it emits 'error' with no listener, which ends the process.
  pool.on('connect', (client) => client.on('error', events.onConnectionError));
  pool.on('error', events.onConnectionError);
  return pool;
}

/**
 * Hands Kysely clients whose queries time out on our side too (a stalled
 * network never delivers the server's own timeout), and that are destroyed
 * rather than reused once their connection is in doubt.
 */
class GuardedPool implements PostgresPool {
  constructor(private readonly pool: pg.Pool) {}

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.pool.connect();
    let doubtful: Error | undefined;
    const query = async (text: string, values: readonly unknown[]) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DatabaseUnavailableError(`No answer from PostgreSQL within ${PG_TIMEOUTS.readMs} ms`)), PG_TIMEOUTS.readMs);
      });
      try {
        return await Promise.race([client.query(text, values as unknown[]), timeout]);
      } catch (error) {
        if (classifyDatabaseError(error) === 'unavailable') doubtful = error as Error;
        throw error;
      } finally {
        clearTimeout(timer);
      }
    };
    return {
      query: query as unknown as PostgresPoolClient['query'],
      // With an error, pg-pool closes the connection (forcibly when a query is still pending).
      release: () => client.release(doubtful),
    };
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

/** Kysely's PostgreSQL dialect with our pool, and a failed ROLLBACK reported instead of thrown over its cause. */
export class ResilientPostgresDialect extends PostgresDialect {
  constructor(
    pool: pg.Pool,
    private readonly onRollbackError: (error: unknown) => void,
  ) {
    super({ pool: new GuardedPool(pool) });
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection: DatabaseConnection) => {
      try {
        await rollback(connection);
      } catch (error) {
        this.onRollbackError(error);
      }
    };
    return driver;
  }
}
