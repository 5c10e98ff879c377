import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import { SQLITE_BUSY_GAVE_UP, errorCode } from './errors';

/**
 * better-sqlite3 waits for a lock synchronously, freezing the whole process:
 * keep its own wait short and wait longer between attempts, asynchronously.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 100;
/** How long a write keeps trying while another process holds the lock, before the request gets 503. */
const BUSY_GIVE_UP_MS = 3_000;

/** Prepared statements kept per connection (queries with `in (…)` lists make a new SQL text per list length). */
const STATEMENT_CACHE_SIZE = 500;

const isBusy = (error: unknown) => errorCode(error)?.startsWith('SQLITE_BUSY') ?? false;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One connection shared by every request: a queue hands it to one user at a time. */
class ConnectionQueue {
  private held: Promise<void> | undefined;
  private release: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => (this.release = resolve));
  }

  unlock(): void {
    const release = this.release;
    this.held = undefined;
    this.release = undefined;
    release?.();
  }
}

class SqliteConnection implements DatabaseConnection {
  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly queue: ConnectionQueue,
  ) {}

  /**
   * Runs a statement; when another process holds the write lock and no
   * transaction of ours is open, tries again with growing pauses, handing the
   * connection to other requests (reads go on) while it waits.
   */
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        return this.run<R>(query);
      } catch (error) {
        const waiting = isBusy(error) && !this.db.inTransaction;
        if (waiting && Date.now() - started >= BUSY_GIVE_UP_MS) throw Object.assign(new Error('database is busy', { cause: error }), { code: SQLITE_BUSY_GAVE_UP });
        if (!waiting) throw error;
      }
      this.queue.unlock();
      await sleep(Math.min(25 * 2 ** attempt, 500) * (0.5 + Math.random() / 2));
      await this.queue.lock();
    }
  }

  /**
   * Prepared statements by their SQL, the most recently used kept: preparing was the largest single cost of
   * an import's thousands of writes (decision 069). A statement runs to its end before the next one, so one
   * object serves every use of its SQL; streamed reads (`iterate`) prepare their own.
   */
  private readonly statements = new Map<string, BetterSqlite3.Statement>();

  private prepared(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (statement) {
      this.statements.delete(sql);
    } else {
      statement = this.db.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.delete(this.statements.keys().next().value!);
    }
    this.statements.set(sql, statement);
    return statement;
  }

  private run<R>({ sql, parameters }: CompiledQuery): QueryResult<R> {
    const statement = this.prepared(sql);
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), rows: [] };
  }

  async *streamQuery<R>({ sql, parameters, query }: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query)) throw new Error('SQLite can only stream select queries');
    for (const row of this.db.prepare(sql).iterate(parameters)) yield { rows: [row as R] };
  }
}

/**
 * Kysely's SQLite driver, changed where faults need it:
 * - write transactions begin IMMEDIATE, so they take the write lock up front
 *   and wait for it (above) instead of failing half-way with SQLITE_BUSY;
 * - a failed ROLLBACK (SQLite may already have rolled back, e.g. on a full
 *   disk) is reported, never thrown over the error that caused it.
 */
class ResilientSqliteDriver implements Driver {
  private readonly queue = new ConnectionQueue();
  private readonly connection: SqliteConnection;

  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly onRollbackError: (error: unknown) => void,
  ) {
    this.connection = new SqliteConnection(db, this.queue);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.queue.lock();
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.db.inTransaction) return;
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } catch (error) {
      this.onRollbackError(error);
    }
  }

  async releaseConnection(): Promise<void> {
    this.queue.unlock();
  }

  async destroy(): Promise<void> {
    this.db.close();
  }
}

export class ResilientSqliteDialect extends SqliteDialect {
  constructor(
    private readonly file: BetterSqlite3.Database,
    private readonly onRollbackError: (error: unknown) => void,
  ) {
    super({ database: file });
  }

  override createDriver(): Driver {
    return new ResilientSqliteDriver(this.file, this.onRollbackError);
  }
}
