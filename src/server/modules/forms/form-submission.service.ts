import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { FormSubmissionRow } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { nowIso, parseJson } from '../../db/json';
import { toPage } from '../../db/paging';
import { badField, notFound } from '../../http/errors';
import { decodeCursor } from '../../http/cursor';
import { csvLine } from '../../../shared/csv';
import { DEFAULT_PAGE_LIMIT, type Page } from '../../../shared/schemas/list';
import type { ContactFormBlock } from '../../../shared/schemas/page';
import {
  DEFAULT_SUCCESS_MESSAGE,
  FormSubmissionInputSchema,
  type FormSubmission,
  type FormSubmissionInput,
  type FormSubmissionListQuery,
} from '../../../shared/schemas/form-submission';
import { textProblem } from '../../../shared/schemas/common';
import { getPageById } from '../pages/page.service';
import { getSiteSettings } from '../site/site-settings.service';
import { enqueueEvent } from '../../content/effects/webhook-events';
import { countSubmissions, deleteSubmission, insertSubmission, markRead, selectSubmission, selectSubmissions, submissionKey, type SubmissionKey } from './form-submission.repository';

export const FORM_NOT_FOUND = 'Form not found';
export const SUBMISSION_NOT_FOUND = 'Submission not found';
const FIELD_MAX = 1000;

type FieldValue = { name: string; label: string; value: string };

export function toSubmission(row: FormSubmissionRow): FormSubmission {
  return {
    id: row.id,
    pageId: row.page_id,
    blockId: row.block_id,
    pageTitle: row.page_title,
    name: row.name,
    email: row.email,
    message: row.message,
    fields: parseJson<FieldValue[]>(row.fields, []),
    read: row.is_read === 1,
    createdAt: row.created_at,
    mailStatus: row.mail_status as FormSubmission['mailStatus'],
  };
}

/** The form a visitor may send: a contact-form block of a page they can see. */
export async function findForm(db: Db, pageId: string, blockId: string): Promise<{ pageTitle: string; block: ContactFormBlock } | undefined> {
  const page = await getPageById(db, 'visitor', pageId);
  const block = page?.blocks.find((candidate) => candidate.id === blockId);
  return page && block?.type === 'contactForm' ? { pageTitle: page.title, block } : undefined;
}

const isTicked = (value: unknown) => value === true || value === 'true' || value === 'on' || value === '1' || value === 'yes';

/** The owner's extra fields, checked against the block: 400 naming the field. */
function extraValues(block: ContactFormBlock, body: Record<string, unknown>): FieldValue[] {
  const nested = body.fields && typeof body.fields === 'object' && !Array.isArray(body.fields) ? (body.fields as Record<string, unknown>) : {};
  return block.fields.map((field) => {
    const raw = body[field.name] ?? nested[field.name];
    if (field.type === 'checkbox') {
      const ticked = isTicked(raw);
      if (field.required && !ticked) throw badField(`${field.name}: is required`);
      return { name: field.name, label: field.label, value: ticked ? 'yes' : 'no' };
    }
    if (raw !== undefined && raw !== null && typeof raw !== 'string') throw badField(`${field.name}: must be text`);
    const value = (raw ?? '').trim();
    if (field.required && value === '') throw badField(`${field.name}: is required`);
    if (value.length > FIELD_MAX) throw badField(`${field.name}: must be at most ${FIELD_MAX} characters`);
    const problem = textProblem(value);
    if (problem) throw badField(`${field.name}: ${problem}`);
    if (value !== '' && field.type === 'email' && !z.email().safeParse(value).success) throw badField(`${field.name}: must be a valid e-mail address`);
    if (value !== '' && field.type === 'choice' && !field.options.includes(value)) throw badField(`${field.name}: must be one of the choices`);
    return { name: field.name, label: field.label, value };
  });
}

/**
 * Called with the stored submission inside its transaction: anything that must
 * commit or vanish with it. The `form.submitted` webhook event (decision 065).
 */
export type SubmissionStored = (trx: Db, submission: FormSubmission) => Promise<void>;
const ON_STORED: SubmissionStored[] = [
  async (trx, submission) => {
    await enqueueEvent(trx, { event: 'form.submitted', itemKey: `form:${submission.pageId}:${submission.blockId}`, data: submission });
  },
];

/**
 * Stores a visitor's submission; with mail configured and a contact address
 * in the site settings, its mail is queued in the same row (the outbox).
 * Throws 404 for an unknown form, 400 naming the field.
 */
export async function submitForm(db: Db, options: { mailOn: boolean }, pageId: string, blockId: string, input: FormSubmissionInput): Promise<{ id: string; message: string }> {
  const form = await findForm(db, pageId, blockId);
  if (!form) throw notFound(FORM_NOT_FOUND);
  const data = FormSubmissionInputSchema.parse(input);
  const fields = extraValues(form.block, input as Record<string, unknown>);
  const contactEmail = options.mailOn ? (await getSiteSettings(db)).contactEmail : '';
  const id = randomUUID();
  const now = nowIso();
  await inTransaction(db, async (trx) => {
    await insertSubmission(trx, {
      id,
      page_id: pageId,
      block_id: blockId,
      page_title: form.pageTitle,
      name: data.name,
      email: data.email,
      message: data.message,
      fields: JSON.stringify(fields),
      is_read: 0,
      created_at: now,
      mail_status: contactEmail ? 'pending' : 'none',
      mail_next_attempt_at: now,
      mail_claimed_until: new Date(0).toISOString(),
      mail_attempts: 0,
      mail_last_error: null,
    });
    const stored = toSubmission((await selectSubmission(trx, id))!);
    for (const effect of ON_STORED) await effect(trx, stored);
  });
  return { id, message: form.block.successMessage || DEFAULT_SUCCESS_MESSAGE };
}

const Cursor = z.tuple([z.string(), z.string()]);

export async function listSubmissions(db: Db, query: FormSubmissionListQuery): Promise<FormSubmission[]> {
  return (await selectSubmissions(db, { q: query.q })).map(toSubmission);
}

export async function pageSubmissions(db: Db, query: FormSubmissionListQuery): Promise<Page<FormSubmission>> {
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  const after: SubmissionKey | undefined = query.cursor === undefined ? undefined : decodeCursor(query.cursor, Cursor);
  const rows = await selectSubmissions(db, { q: query.q }, { limit: limit + 1, after });
  return toPage(rows, limit, submissionKey, toSubmission, await countSubmissions(db, { q: query.q }));
}

/** Opens one submission: it is read from now on. */
export async function openSubmission(db: Db, id: string): Promise<FormSubmission> {
  const row = await selectSubmission(db, id);
  if (!row) throw notFound(SUBMISSION_NOT_FOUND);
  if (row.is_read === 0) await markRead(db, id);
  return { ...toSubmission(row), read: true };
}

export async function removeSubmission(db: Db, id: string): Promise<void> {
  if (!(await deleteSubmission(db, id))) throw notFound(SUBMISSION_NOT_FOUND);
}

export const SUBMISSIONS_CSV_HEADER = ['createdAt', 'page', 'name', 'email', 'message', 'fields', 'read'];

/** Every submission (or those matching `q`), newest first, as CSV; extra fields as `label: value` lines. */
export async function submissionsCsv(db: Db, q?: string): Promise<string> {
  const rows = (await selectSubmissions(db, { q })).map(toSubmission);
  return [
    csvLine(SUBMISSIONS_CSV_HEADER),
    ...rows.map((row) =>
      csvLine([row.createdAt, row.pageTitle, row.name, row.email, row.message, row.fields.map((field) => `${field.label}: ${field.value}`).join('\n'), row.read ? 'yes' : 'no']),
    ),
  ].join('');
}
