import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { Viewer } from '../../content/viewer';
import { bearerToken } from './guard';
import { findLiveSession } from './session.repository';

/** Public routes are open to all; a valid admin token there still means the admin's view. */
export async function viewerOf(db: Db, request: FastifyRequest): Promise<Viewer> {
  const token = bearerToken(request);
  return token && (await findLiveSession(db, token)) ? 'admin' : 'visitor';
}
