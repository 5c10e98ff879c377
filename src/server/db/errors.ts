/** True when a write broke a unique constraint, on either dialect (decision 002). */
export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/**
 * What went wrong with the database, in the terms a visitor's answer needs
 * (decision 010: faults get answers, not crashes):
 * - `unavailable`: unreachable, stalled, restarting, connection dropped → 503
 * - `busy`: locked by another writer, or a conflict still failing after retries → 503
 * - `full`: no space left for the write → 507
 * - `read-only`: the file, the disk or the server refuses writes → 503
 */
export type DatabaseFault = 'unavailable' | 'busy' | 'full' | 'read-only';

/** Thrown by our own drivers when the database did not answer in time or could not be reached. */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
}

export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

// PostgreSQL SQLSTATEs: class 08 (connection), 57P0x (server shutting down or
// starting), 57014 (statement timeout), 53300 (too many connections), 25P03
// (idle in transaction too long).
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '57014', '53300', '25P03']);
// Deadlock, serialisation failure, lock wait timed out (lock_timeout).
const PG_BUSY = new Set(['40P01', '40001', '55P03']);
// Node socket errors seen when the server or the network goes away.
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// pg and pg-pool report lost or refused connections by message only.
const PG_CONNECTION_MESSAGES = /^(?:Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

export function classifyDatabaseError(error: unknown): DatabaseFault | undefined {
  const code = errorCode(error);
  if (code) {
    if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === '53100') return 'full';
    if (code.startsWith('SQLITE_READONLY') || code === 'EROFS' || code === '25006') return 'read-only';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED') || PG_BUSY.has(code)) return 'busy';
    if (code === 'DATABASE_UNAVAILABLE' || code.startsWith('08') || PG_UNAVAILABLE.has(code) || SOCKET_ERRORS.has(code)) return 'unavailable';
    if (code === 'SQLITE_CANTOPEN' || code.startsWith('SQLITE_IOERR')) return 'unavailable';
  }
  if (error instanceof Error && PG_CONNECTION_MESSAGES.test(error.message)) return 'unavailable';
  // pg-pool wraps the cause of a connect timeout.
  if (error instanceof Error && error.cause !== undefined && error.cause !== error) return classifyDatabaseError(error.cause);
  return undefined;
}

/**
 * SQLite stayed locked by another process for the driver's whole wait
 * (sqlite-driver.ts): running the transaction again would only wait as long
 * again, so the request gets its 503 now. Content writes all begin a
 * transaction (decision 056), so this is where a long lock is answered.
 */
export const SQLITE_BUSY_GAVE_UP = 'SQLITE_BUSY_GAVE_UP';

/** Conflicts worth running the whole transaction again for: nothing of it was kept. */
export function isRetryableConflict(error: unknown): boolean {
  const code = errorCode(error);
  return code === '40P01' || code === '40001' || (code !== SQLITE_BUSY_GAVE_UP && (code?.startsWith('SQLITE_BUSY') ?? false));
}
