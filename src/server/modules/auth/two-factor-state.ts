import type { Db, DbKind } from '../../db/database';
import { inTransaction } from '../../db/transaction';

/** One administrator, one row; the key leaves room for accounts if they ever come. */
const ACCOUNT = 'admin';
/** Wrong codes the whole account may get in an hour, whatever the address or device (decision 049). */
export const WRONG_CODES_PER_HOUR = 10;
export const WRONG_CODE_WINDOW_MS = 60 * 60 * 1000;

async function ensureRow(db: Db): Promise<void> {
  await db
    .insertInto('two_factor_state')
    .values({ account: ACCOUNT, last_step: 0, wrong_codes: 0, window_start: null })
    .onConflict((oc) => oc.column('account').doNothing())
    .execute();
}

/** The last TOTP step accepted: a code for it or any earlier step is never taken again. */
export async function lastAcceptedStep(db: Db): Promise<number> {
  const row = await db.selectFrom('two_factor_state').select('last_step').where('account', '=', ACCOUNT).executeTakeFirst();
  return Number(row?.last_step ?? 0);
}

/**
 * Takes `step` as used if it is later than the last accepted one. A
 * compare-and-set in one statement: of two sign-ins racing with the same
 * code, exactly one moves the step forward.
 */
export async function acceptStep(db: Db, step: number): Promise<boolean> {
  await ensureRow(db);
  const result = await db
    .updateTable('two_factor_state')
    .set({ last_step: step })
    .where('account', '=', ACCOUNT)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How long wrong codes have used up the budget for (0: not paused): a cheap read before any hashing. */
export async function codesPausedFor(db: Db, now = Date.now()): Promise<number> {
  const row = await db.selectFrom('two_factor_state').select(['wrong_codes', 'window_start']).where('account', '=', ACCOUNT).executeTakeFirst();
  if (!row?.window_start || row.wrong_codes < WRONG_CODES_PER_HOUR) return 0;
  return Math.max(0, Date.parse(row.window_start) + WRONG_CODE_WINDOW_MS - now);
}

export type CodeReservation = { allowed: true; wrongSoFar: number } | { allowed: false; waitMs: number };

/**
 * Counts a code as wrong *before* it is checked (a right one is given back
 * with `refundWrongCode`), holding the account's row: however many arrive at
 * once, from however many addresses, at most WRONG_CODES_PER_HOUR are ever
 * checked in an hour. The hour starts with its first wrong code.
 */
export async function reserveWrongCode(db: Db, kind: DbKind, now = Date.now()): Promise<CodeReservation> {
  await ensureRow(db);
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('two_factor_state')
      .select(['wrong_codes', 'window_start'])
      .where('account', '=', ACCOUNT)
      .$if(kind === 'postgres', (query) => query.forUpdate())
      .executeTakeFirstOrThrow();
    const started = row.window_start ? Date.parse(row.window_start) : undefined;
    const current = started !== undefined && now - started < WRONG_CODE_WINDOW_MS;
    const wrong = current ? row.wrong_codes : 0;
    if (wrong >= WRONG_CODES_PER_HOUR) return { allowed: false, waitMs: started! + WRONG_CODE_WINDOW_MS - now };
    await trx
      .updateTable('two_factor_state')
      .set({ wrong_codes: wrong + 1, window_start: current ? row.window_start : new Date(now).toISOString() })
      .where('account', '=', ACCOUNT)
      .execute();
    return { allowed: true, wrongSoFar: wrong + 1 };
  });
}

/** A reserved code turned out right: it does not count against the budget. */
export async function refundWrongCode(db: Db): Promise<void> {
  await db
    .updateTable('two_factor_state')
    .set((eb) => ({ wrong_codes: eb('wrong_codes', '-', 1) }))
    .where('account', '=', ACCOUNT)
    .where('wrong_codes', '>', 0)
    .execute();
}

/** The operator reset the credentials from the server's console: the budget starts afresh. */
export async function clearWrongCodes(db: Db): Promise<void> {
  await db.updateTable('two_factor_state').set({ wrong_codes: 0, window_start: null }).where('account', '=', ACCOUNT).execute();
}
