import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyReply } from 'fastify';
import { IMPORT_PROGRESS_TYPE, ImportQuerySchema, ImportReportSchema } from '../../../shared/schemas/transfer';
import { apiSuccessSchema } from '../../../shared/schemas/api';
import { writerFor } from '../../content/changes';
import { FILE_ROUTE, answers } from '../../http/answers';
import { ok } from '../../http/reply';
import { receiveImport, IMPORT_LIMITS } from './receive-import';
import { runImport, type ImportReport } from './import.service';
import { streamCatalogueJson, streamProductsCsv } from './export.service';
import { HttpError } from '../../http/errors';
import { failureAnswer } from '../../http/error-handler';
import type { ProgressSink } from './import-progress';
import { asksForProgress, progressLines } from './progress-lines';
import { createMediaStore } from '../media/media.service';

/** Issue 31's report; with `details` also the editions, attributes, unknown columns and products (the admin screen's). */
const answer = ({ dialect, created, updated, unchanged, errors, editions, attributes, unknownColumns, fields, products }: ImportReport, details: boolean) => ({
  dialect,
  created,
  updated,
  unchanged,
  errors,
  ...(details ? { editions, attributes, unknownColumns, fields, products } : {}),
});

/** Import and export of the catalogue (issue 31, decision 069); every route admin-only. */
export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = createMediaStore(app.ctx.config);
  await app.register(multipart, { throwFileSizeLimit: true, limits: { fields: 10, fieldSize: 64 * 1024, files: 2, parts: 12, fileSize: IMPORT_LIMITS.fileBytes } });

  app.post('/import', { schema: { querystring: ImportQuerySchema, response: answers(200, apiSuccessSchema(ImportReportSchema)) } }, async (request, reply) => {
    const writer = writerFor(app.ctx, request);
    const upload = await receiveImport(request);
    const dryRun = request.query.dryRun !== 'false';
    const details = request.query.details === 'true';
    // The web admin never fetches a URL (issue 31): images come from the zip beside the file, or stay at their URLs.
    const run = (progress?: ProgressSink) =>
      runImport({ db: app.ctx.db, contentEvents: app.ctx.contentEvents, store, maxImageBytes: app.ctx.config.maxImageBytes }, writer.actor, upload.file(), {
        dryRun,
        format: request.query.format,
        shopUrl: upload.shopUrl,
        media: { zipPath: upload.mediaPath },
        mapping: upload.mapping,
        progress,
      });
    const finish = (report: ImportReport) => {
      if (!dryRun && report.images > 0) app.ctx.mediaVariants.nudge();
      if (!dryRun && report.errors.length > 0) {
        throw new HttpError(422, `The file has ${report.errors.length} error(s): nothing was changed`, answer(report, details));
      }
      return ok(answer(report, details));
    };
    if (!asksForProgress(request.headers.accept)) {
      try {
        return finish(await run());
      } finally {
        await upload.remove();
      }
    }
    // Decision 079: the same request streams its progress, then the envelope it would have answered.
    const lines = progressLines();
    const work = run({ report: (progress) => lines.progress(progress), reread: upload.file })
      .then(finish)
      .finally(() => upload.remove());
    await Promise.race([lines.started, work.catch(() => undefined)]);
    // Refused before any work (a mapping naming no column, a zip refused whole): answered with its own status.
    if (!lines.isStarted) return work;
    work.then(
      (envelope) => lines.end(envelope),
      (error: FastifyError) => lines.end(failureAnswer(error, request).body),
    );
    // Lines, not the envelope the route's schema describes (the last line is that envelope); no proxy should
    // hold them back (nginx buffers answers unless told).
    return (reply as FastifyReply).type(`${IMPORT_PROGRESS_TYPE}; charset=utf-8`).header('Cache-Control', 'no-store').header('X-Accel-Buffering', 'no').send(lines.stream);
  });

  app.get('/export/products.csv', FILE_ROUTE, async (_request, reply) =>
    reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="products.csv"').header('Cache-Control', 'no-store').send(streamProductsCsv(app.ctx.db)),
  );

  app.get('/export/catalogue.json', FILE_ROUTE, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('Content-Disposition', 'attachment; filename="catalogue.json"').header('Cache-Control', 'no-store').send(streamCatalogueJson(app.ctx.db)),
  );
};
