import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { bearerToken } from '../modules/auth/guard';
import { findLiveSession } from '../modules/auth/session.repository';

/**
 * Who a read is for. Visitors see only what is published (or scheduled and
 * due); the admin sees drafts too. Every read of products and categories
 * takes one, so a forgotten route cannot show a draft.
 */
export type Viewer = 'visitor' | 'admin';

/** Public routes are open to all; a valid admin token there still means the admin's view. */
export async function viewerOf(db: Db, request: FastifyRequest): Promise<Viewer> {
  const token = bearerToken(request);
  return token && (await findLiveSession(db, token)) ? 'admin' : 'visitor';
}
