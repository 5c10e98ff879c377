import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdSchema } from '../../../shared/schemas/common';
import { DeletedSchema, apiSuccessSchema, listAnswerSchema } from '../../../shared/schemas/api';
import { wantsPage } from '../../../shared/schemas/list';
import {
  FormSubmissionAnswerSchema,
  FormSubmissionInputSchema,
  FormSubmissionListQuerySchema,
  FormSubmittedAnswerSchema,
} from '../../../shared/schemas/form-submission';
import { answers, FILE_ROUTE } from '../../http/answers';
import { PUBLIC_ROUTE } from '../../http/access';
import { ok, okPage } from '../../http/reply';
import { tooManyRequests } from '../../http/errors';
import { listSubmissions, openSubmission, pageSubmissions, removeSubmission, submissionsCsv } from './form-submission.service';
import { receiveSubmission, tooManyText } from './receive-submission';

const FormParams = z.object({ pageId: IdSchema, blockId: IdSchema });
const IdParams = z.object({ id: IdSchema });

/** A page's contact form (public) and the owner's inbox (admin). */
export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.post(
    '/forms/:pageId/:blockId/submissions',
    { ...PUBLIC_ROUTE, schema: { params: FormParams, body: FormSubmissionInputSchema, response: answers(201, apiSuccessSchema(FormSubmittedAnswerSchema)) } },
    async (request, reply) => {
      const { pageId, blockId } = request.params;
      const received = await receiveSubmission(app.ctx, request.ip, pageId, blockId, request.body);
      if ('limited' in received) {
        reply.header('Retry-After', String(received.limited.retryAfterSeconds));
        throw tooManyRequests(tooManyText(received.limited.retryAfterSeconds));
      }
      return reply.status(201).send(ok(received.sent));
    },
  );

  app.get('/form-submissions', { schema: { querystring: FormSubmissionListQuerySchema, response: answers(200, listAnswerSchema(FormSubmissionAnswerSchema)) } }, async (request) =>
    wantsPage(request.query) ? okPage(await pageSubmissions(db, request.query)) : ok(await listSubmissions(db, request.query)),
  );

  app.get('/form-submissions.csv', { ...FILE_ROUTE, schema: { querystring: z.object({ q: z.string().max(200).optional() }) } }, async (request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="form-submissions-${day}.csv"`)
      .send(await submissionsCsv(db, request.query.q?.trim() || undefined));
  });

  // Opening one marks it read.
  app.get('/form-submissions/:id', { schema: { params: IdParams, response: answers(200, apiSuccessSchema(FormSubmissionAnswerSchema)) } }, async (request) =>
    ok(await openSubmission(db, request.params.id)),
  );

  app.delete('/form-submissions/:id', { schema: { params: IdParams, response: answers(200, apiSuccessSchema(DeletedSchema)) } }, async (request) => {
    await removeSubmission(db, request.params.id);
    return ok({ id: request.params.id, deleted: true });
  });
};
