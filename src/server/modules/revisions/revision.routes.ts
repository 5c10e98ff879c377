import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdSchema } from '../../../shared/schemas/common';
import { ok } from '../../http/reply';
import { sendEtag } from '../../http/etag';
import { writerFor } from '../../content/changes';
import { getRevision, listRevisions, restoreRevision } from './revision.service';
import type { RevisionedType } from '../../content/types';

const ItemParams = z.object({ id: IdSchema });
const ItemRevisionParams = z.object({ id: IdSchema, revisionId: IdSchema });
const RevisionParams = z.object({ revisionId: IdSchema });

/** Revision lists and restores of every item that keeps them; admin only (no route here is public). */
export const revisionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  for (const [prefix, entity] of [
    ['/products', 'product'],
    ['/categories', 'category'],
  ] as const) {
    app.get(`${prefix}/:id/revisions`, { schema: { params: ItemParams } }, async (request) => {
      return ok(await listRevisions(db, entity, request.params.id));
    });
    app.get(`${prefix}/:id/revisions/:revisionId`, { schema: { params: ItemRevisionParams } }, async (request) => {
      return ok(await getRevision(db, entity, request.params.id, request.params.revisionId));
    });
    app.post(`${prefix}/:id/revisions/:revisionId/restore`, { schema: { params: ItemRevisionParams } }, async (request, reply) => {
      const restored = await restoreRevision(writerFor(app.ctx, request), entity, request.params.id, request.params.revisionId);
      sendEtag(reply, restored.version);
      return ok(restored.item);
    });
  }

  for (const entity of ['homepage', 'about', 'theme'] as const satisfies readonly RevisionedType[]) {
    app.get(`/${entity}/revisions`, async () => {
      return ok(await listRevisions(db, entity, ''));
    });
    app.get(`/${entity}/revisions/:revisionId`, { schema: { params: RevisionParams } }, async (request) => {
      return ok(await getRevision(db, entity, '', request.params.revisionId));
    });
    app.post(`/${entity}/revisions/:revisionId/restore`, { schema: { params: RevisionParams } }, async (request, reply) => {
      const restored = await restoreRevision(writerFor(app.ctx, request), entity, '', request.params.revisionId);
      sendEtag(reply, restored.version);
      return ok(restored.item);
    });
  }
};
