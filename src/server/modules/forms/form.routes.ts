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
import { HONEYPOT_FIELD } from '../../../shared/newsletter-form';
import { answers, FILE_ROUTE } from '../../http/answers';
import { PUBLIC_ROUTE } from '../../http/access';
import { ok, okPage } from '../../http/reply';
import { notFound, tooManyRequests } from '../../http/errors';
import { hitLimit, type Limit } from '../../http/rate-limit';
import { FORM_NOT_FOUND, findForm, listSubmissions, openSubmission, pageSubmissions, removeSubmission, submissionsCsv, submitForm } from './form-submission.service';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const FormParams = z.object({ pageId: IdSchema, blockId: IdSchema });
const IdParams = z.object({ id: IdSchema });

/** A page's contact form (public) and the owner's inbox (admin). */
export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  // The newsletter's allowances: one visitor cannot use up the site's.
  const perClient: Limit = { max: config.subscribeLimits.perClientPerMinute, windowMs: MINUTE_MS };
  const siteWide: Limit = { max: config.subscribeLimits.sitePerHour, windowMs: HOUR_MS };

  app.post(
    '/forms/:pageId/:blockId/submissions',
    { ...PUBLIC_ROUTE, schema: { params: FormParams, body: FormSubmissionInputSchema, response: answers(201, apiSuccessSchema(FormSubmittedAnswerSchema)) } },
    async (request, reply) => {
      const { pageId, blockId } = request.params;
      const honeypot = request.body[HONEYPOT_FIELD];
      // A bot filled the field people cannot see: the usual answer, and nothing is kept.
      if (honeypot !== undefined && honeypot !== null && honeypot !== '') {
        const form = await findForm(db, pageId, blockId);
        if (!form) throw notFound(FORM_NOT_FOUND);
        return reply.status(201).send(ok({ id: crypto.randomUUID(), message: form.block.successMessage || 'Thank you: your message has been sent.' }));
      }
      for (const [key, limit] of [[`form:ip:${request.ip}`, perClient], ['form:site', siteWide]] as const) {
        const result = await hitLimit(db, key, limit);
        if (!result.allowed) {
          reply.header('Retry-After', String(result.retryAfterSeconds));
          throw tooManyRequests(`Too many requests. Try again in ${result.retryAfterSeconds} seconds.`);
        }
      }
      const sent = await submitForm(db, { mailOn: app.ctx.formMail !== undefined }, pageId, blockId, request.body);
      app.ctx.formMail?.wake();
      app.ctx.webhooks.wake();
      return reply.status(201).send(ok(sent));
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
