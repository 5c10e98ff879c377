import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { Db, DbKind } from '../../db/database';
import type { FormSubmissionRow } from '../../db/schema';
import { afterKey, containsPattern, type KeyColumn } from '../../db/paging';

// All SQL of form submissions. `db` may be a transaction.

const ORDER: readonly KeyColumn[] = [
  { column: 'form_submissions.created_at', direction: 'desc' },
  { column: 'form_submissions.id', direction: 'desc' },
];
export type SubmissionKey = [string, string];
export const submissionKey = (row: FormSubmissionRow): SubmissionKey => [row.created_at, row.id];

type Filter = { q?: string | undefined };

function filtered(db: Db, filter: Filter) {
  let query = db.selectFrom('form_submissions');
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    query = query.where((eb) =>
      eb.or(['name', 'email', 'message', 'page_title'].map((column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`)),
    );
  }
  return query;
}

export function selectSubmissions(db: Db, filter: Filter, range: { limit?: number; after?: SubmissionKey | undefined } = {}): Promise<FormSubmissionRow[]> {
  let query = filtered(db, filter).selectAll();
  if (range.after) query = query.where(afterKey(ORDER, range.after));
  query = query.orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (range.limit !== undefined) query = query.limit(range.limit);
  return query.execute();
}

export async function countSubmissions(db: Db, filter: Filter): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
  return Number(row?.count ?? 0);
}

export function selectSubmission(db: Db, id: string): Promise<FormSubmissionRow | undefined> {
  return db.selectFrom('form_submissions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertSubmission(db: Db, row: Insertable<FormSubmissionRow>): Promise<void> {
  await db.insertInto('form_submissions').values(row).execute();
}

export async function markRead(db: Db, id: string): Promise<void> {
  await db.updateTable('form_submissions').set({ is_read: 1 }).where('id', '=', id).execute();
}

export async function deleteSubmission(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('form_submissions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** How long a claimed mail belongs to one sender; a copy that died mid-send frees it after this. */
const CLAIM_MS = 30_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Claims up to `limit` submissions whose mail is due; copies never take the same row. */
export async function claimDueSubmissionMail(db: Db, kind: DbKind, limit: number, now = Date.now()): Promise<FormSubmissionRow[]> {
  const nowText = iso(now);
  const lock = kind === 'postgres' ? sql`for update skip locked` : sql``;
  const result = await sql<FormSubmissionRow>`
    update form_submissions
    set mail_claimed_until = ${iso(now + CLAIM_MS)}, mail_attempts = mail_attempts + 1
    where mail_status = 'pending' and mail_claimed_until < ${nowText} and id in (
      select s.id from form_submissions s
      where s.mail_status = 'pending' and s.mail_next_attempt_at <= ${nowText} and s.mail_claimed_until < ${nowText}
      order by s.mail_next_attempt_at, s.id
      limit ${limit}
      ${lock}
    )
    returning *`.execute(db);
  return [...result.rows];
}

export async function setMailState(db: Db, id: string, changes: Partial<Pick<FormSubmissionRow, 'mail_status' | 'mail_next_attempt_at' | 'mail_claimed_until' | 'mail_last_error'>>): Promise<void> {
  await db.updateTable('form_submissions').set(changes).where('id', '=', id).execute();
}
