import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { ImportQuerySchema, ImportReportSchema } from '../../../shared/schemas/transfer';
import { apiSuccessSchema } from '../../../shared/schemas/api';
import { writerFor } from '../../content/changes';
import { FILE_ROUTE, answers } from '../../http/answers';
import { ok } from '../../http/reply';
import { receiveImport, IMPORT_LIMITS } from './receive-import';
import { runImport, type ImportReport } from './import.service';
import { streamCatalogueJson, streamProductsCsv } from './export.service';
import { HttpError } from '../../http/errors';
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

  app.post('/import', { schema: { querystring: ImportQuerySchema, response: answers(200, apiSuccessSchema(ImportReportSchema)) } }, async (request) => {
    const upload = await receiveImport(request);
    try {
      const dryRun = request.query.dryRun !== 'false';
      const writer = writerFor(app.ctx, request);
      // The web admin never fetches a URL (issue 31): images come from the zip beside the file, or stay at their URLs.
      const report = await runImport({ db: app.ctx.db, contentEvents: app.ctx.contentEvents, store, maxImageBytes: app.ctx.config.maxImageBytes }, writer.actor, upload.file(), {
        dryRun,
        format: request.query.format,
        shopUrl: upload.shopUrl,
        media: { zipPath: upload.mediaPath },
        mapping: upload.mapping,
      });
      const details = request.query.details === 'true';
      if (!dryRun && report.images > 0) app.ctx.mediaVariants.nudge();
      if (!dryRun && report.errors.length > 0) {
        throw new HttpError(422, `The file has ${report.errors.length} error(s): nothing was changed`, answer(report, details));
      }
      return ok(answer(report, details));
    } finally {
      await upload.remove();
    }
  });

  app.get('/export/products.csv', FILE_ROUTE, async (_request, reply) =>
    reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="products.csv"').header('Cache-Control', 'no-store').send(streamProductsCsv(app.ctx.db)),
  );

  app.get('/export/catalogue.json', FILE_ROUTE, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('Content-Disposition', 'attachment; filename="catalogue.json"').header('Cache-Control', 'no-store').send(streamCatalogueJson(app.ctx.db)),
  );
};
