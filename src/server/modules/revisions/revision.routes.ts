import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdSchema } from '../../../shared/schemas/common';
import { RevisionAnswerSchema, RevisionEntryAnswerSchema } from '../../../shared/schemas/revision';
import { ProductAnswerSchema } from '../../../shared/schemas/product';
import { CategoryAnswerSchema } from '../../../shared/schemas/category';
import { PageAnswerSchema } from '../../../shared/schemas/page';
import { HeroConfigAnswerSchema } from '../../../shared/schemas/hero';
import { AboutPageAnswerSchema, ThemeAnswerSchema } from '../../../shared/schemas/site';
import { apiSuccessSchema } from '../../../shared/schemas/api';
import { answers } from '../../http/answers';
import { ok } from '../../http/reply';
import { sendEtag } from '../../http/etag';
import { writerFor } from '../../content/changes';
import { getRevision, listRevisions, restoreRevision } from './revision.service';
import type { RevisionedType } from '../../content/types';

const ItemParams = z.object({ id: IdSchema });
const ItemRevisionParams = z.object({ id: IdSchema, revisionId: IdSchema });
const RevisionParams = z.object({ revisionId: IdSchema });
const LIST = answers(200, apiSuccessSchema(z.array(RevisionEntryAnswerSchema)));
const ONE = answers(200, apiSuccessSchema(RevisionAnswerSchema));
/** What a restore answers: the item as it now is, read by its own service. */
const RESTORED = {
  product: ProductAnswerSchema,
  category: CategoryAnswerSchema,
  page: PageAnswerSchema,
  homepage: HeroConfigAnswerSchema,
  about: AboutPageAnswerSchema,
  theme: ThemeAnswerSchema,
} as const satisfies Record<RevisionedType, z.ZodType>;
// restoreRevision answers the entity's item untyped; the serializer checks it against RESTORED (decision 057).
const restoredItem = <E extends RevisionedType>(_entity: E, item: unknown) => item as z.infer<(typeof RESTORED)[E]>;

/** Revision lists and restores of every item that keeps them; admin only (no route here is public). */
export const revisionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  for (const [prefix, entity] of [
    ['/products', 'product'],
    ['/categories', 'category'],
    ['/pages', 'page'],
  ] as const) {
    app.get(`${prefix}/:id/revisions`, { schema: { params: ItemParams, response: LIST } }, async (request) => {
      return ok(await listRevisions(db, entity, request.params.id));
    });
    app.get(`${prefix}/:id/revisions/:revisionId`, { schema: { params: ItemRevisionParams, response: ONE } }, async (request) => {
      return ok(await getRevision(db, entity, request.params.id, request.params.revisionId));
    });
    app.post(`${prefix}/:id/revisions/:revisionId/restore`, { schema: { params: ItemRevisionParams, response: answers(200, apiSuccessSchema(RESTORED[entity])) } }, async (request, reply) => {
      const restored = await restoreRevision(writerFor(app.ctx, request), entity, request.params.id, request.params.revisionId);
      sendEtag(reply, restored.version);
      return ok(restoredItem(entity, restored.item));
    });
  }

  for (const entity of ['homepage', 'about', 'theme'] as const satisfies readonly RevisionedType[]) {
    app.get(`/${entity}/revisions`, { schema: { response: LIST } }, async () => {
      return ok(await listRevisions(db, entity, ''));
    });
    app.get(`/${entity}/revisions/:revisionId`, { schema: { params: RevisionParams, response: ONE } }, async (request) => {
      return ok(await getRevision(db, entity, '', request.params.revisionId));
    });
    app.post(`/${entity}/revisions/:revisionId/restore`, { schema: { params: RevisionParams, response: answers(200, apiSuccessSchema(RESTORED[entity])) } }, async (request, reply) => {
      const restored = await restoreRevision(writerFor(app.ctx, request), entity, '', request.params.revisionId);
      sendEtag(reply, restored.version);
      return ok(restoredItem(entity, restored.item));
    });
  }
};
