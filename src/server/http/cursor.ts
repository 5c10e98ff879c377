import type { z } from 'zod';
import type { SortKey } from '../db/paging';
import { badRequest } from './errors';

// The cursor a client sends back is request input: its refusal is an HTTP answer, so it is read here, not in db/paging.ts.

/** A cursor that is not one of ours (or of another list) is a 400 naming `cursor`. */
export function decodeCursor<T extends SortKey>(cursor: string, shape: z.ZodType<T>): T {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('cursor: is not valid; use the nextCursor of a previous page');
  }
  const parsed = shape.safeParse(decoded);
  if (!parsed.success) throw badRequest('cursor: is not valid; use the nextCursor of a previous page');
  return parsed.data;
}
