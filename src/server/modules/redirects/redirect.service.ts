import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { RedirectRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { nowIso } from '../../db/json';
import { toPage } from '../../db/paging';
import { decodeCursor } from '../../http/cursor';
import { badField, badRequest, conflict, notFound } from '../../http/errors';
import type { Writer } from '../../content/changes';
import { write } from '../../content/write';
import { retargetRedirects } from '../../content/effects/redirect-rows';
import type { AddressedType } from '../../content/types';
import { DEFAULT_PAGE_LIMIT, type Page } from '../../../shared/schemas/list';
import { RedirectInputSchema, type Redirect, type RedirectInput, type RedirectListQuery } from '../../../shared/schemas/redirect';
import { z } from 'zod';
import {
  countRedirects,
  deleteRedirectRow,
  insertRedirect,
  redirectKey,
  selectRedirectByFrom,
  selectRedirectById,
  selectRedirects,
  updateRedirectRow,
  type RedirectKey,
} from './redirect.repository';
import { leadsToHiddenItem, normaliseTarget, safeLocation, sitePathOf } from './redirect-targets';

export const REDIRECT_NOT_FOUND = 'Redirect not found';
const FROM_TAKEN = 'from: a redirect from this address already exists';
const LOOP = 'to: would send visitors round in a loop back to the from address';
const AUTOMATIC_FIXED = 'An automatic redirect follows its item: change the item\'s URL, or delete the redirect';

export function toRedirect(row: RedirectRow): Redirect {
  return {
    id: row.id,
    from: row.from_path,
    to: row.to_path,
    status: row.status === 302 ? 302 : 301,
    kind: row.kind,
    target: row.target_type && row.target_id ? { type: row.target_type as AddressedType, id: row.target_id } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const RedirectCursor = z.tuple([z.string(), z.string()]);

export async function listRedirects(db: Db, query: RedirectListQuery): Promise<Redirect[]> {
  return (await selectRedirects(db, query.q)).map(toRedirect);
}

export async function pageRedirects(db: Db, query: RedirectListQuery): Promise<Page<Redirect>> {
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  const after: RedirectKey | undefined = query.cursor === undefined ? undefined : decodeCursor(query.cursor, RedirectCursor);
  const rows = await selectRedirects(db, query.q, { limit: limit + 1, after });
  return toPage(rows, limit, redirectKey, toRedirect, await countRedirects(db, query.q));
}

export async function getRedirectById(db: Db, id: string): Promise<Redirect | undefined> {
  const row = await selectRedirectById(db, id);
  return row && toRedirect(row);
}

/** The address as a request shows it: percent-encoded, dot segments resolved ("/a b" and "/a%20b" are one address). */
const normalisePath = (path: string) => new URL(path, 'http://localhost').pathname;

export function parseRedirectInput(input: RedirectInput) {
  const parsed = RedirectInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badField(`${issue.path.join('.')}: ${issue.message}`);
  }
  return { ...parsed.data, from: normalisePath(parsed.data.from), to: normaliseTarget(parsed.data.to) };
}

/**
 * Where a redirect from `from` to `to` really ends: a target that itself
 * redirects is followed (chains are kept collapsed, so one step is enough),
 * and an end back at `from` is a loop (400), whether written as a path or as
 * an absolute URL of this site.
 */
async function finalTarget(trx: Db, from: string, to: string, publicUrl: string | undefined, ownId?: string): Promise<string> {
  const path = sitePathOf(to, publicUrl);
  if (path === undefined) return to;
  if (path === from) throw badField(LOOP);
  const next = await selectRedirectByFrom(trx, path);
  if (!next || next.id === ownId) return to;
  if (sitePathOf(next.to_path, publicUrl) === from) throw badField(LOOP);
  return next.to_path;
}

const fromTaken = () => conflict(FROM_TAKEN, 'from');

async function mapFromConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // The address is the only unique column besides the generated id.
    if (isUniqueViolation(error)) throw fromTaken();
    throw error;
  }
}

/** Adds a manual redirect; redirects that led to its address now lead to its target. Throws 400 / 409. */
export async function createRedirect(writer: Writer, input: RedirectInput, publicUrl?: string): Promise<Redirect> {
  const data = parseRedirectInput(input);
  const id = randomUUID();
  const now = nowIso();
  return mapFromConflict(() =>
    write(writer, { type: 'redirect', action: 'create', id }, async (trx) => {
      if (await selectRedirectByFrom(trx, data.from)) throw fromTaken();
      const to = await finalTarget(trx, data.from, data.to, publicUrl);
      await insertRedirect(trx, { id, from_path: data.from, to_path: to, status: data.status, kind: 'manual', target_type: null, target_id: null, created_at: now, updated_at: now });
      await retargetRedirects(trx, data.from, to, now);
      const redirect = (await getRedirectById(trx, id))!;
      return { result: redirect, before: null, after: redirect };
    }),
  );
}

/** Changes a manual redirect (automatic ones follow their item: 400). Throws 400 / 404 / 409. */
export async function updateRedirect(writer: Writer, id: string, input: RedirectInput, publicUrl?: string): Promise<Redirect> {
  const data = parseRedirectInput(input);
  const now = nowIso();
  return mapFromConflict(() =>
    write(writer, { type: 'redirect', action: 'update', id }, async (trx) => {
      const current = await selectRedirectById(trx, id);
      if (!current) throw notFound(REDIRECT_NOT_FOUND);
      if (current.kind === 'automatic') throw badRequest(AUTOMATIC_FIXED);
      const other = await selectRedirectByFrom(trx, data.from);
      if (other && other.id !== id) throw fromTaken();
      const to = await finalTarget(trx, data.from, data.to, publicUrl, id);
      await updateRedirectRow(trx, id, { from_path: data.from, to_path: to, status: data.status, updated_at: now });
      await retargetRedirects(trx, data.from, to, now);
      const after = (await getRedirectById(trx, id))!;
      return { result: after, before: toRedirect(current), after };
    }),
  );
}

/** Removes a redirect of either kind: its address answers 404 again (unless an item lives there). Throws 404. */
export async function deleteRedirect(writer: Writer, id: string): Promise<void> {
  await write(writer, { type: 'redirect', action: 'delete', id }, async (trx) => {
    const removed = await deleteRedirectRow(trx, id);
    if (!removed) throw notFound(REDIRECT_NOT_FOUND);
    return { result: undefined, before: toRedirect(removed), after: null };
  });
}

/**
 * Where a visitor asking for `path` is sent, if anywhere. A stored target is
 * checked again as it is answered: a row that breaks the rules of writes (an
 * old one, or one a restore brought) is no redirect rather than a 500, and a
 * redirect to a product or category that visitors may not see waits until they may.
 */
export async function findRedirect(db: Db, path: string): Promise<{ status: 301 | 302; location: string } | undefined> {
  const row = await selectRedirectByFrom(db, path);
  const location = row && safeLocation(row.to_path);
  if (!row || !location || (await leadsToHiddenItem(db, location))) return undefined;
  return { status: row.status === 302 ? 302 : 301, location };
}
