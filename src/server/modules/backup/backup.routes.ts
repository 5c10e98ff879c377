import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { mediaObjects } from './media-objects';
import { writeBackup } from './write-backup';

/** Admin-only: the same archive as `npm run backup`, streamed as it is written. */
export const backupRoutes: FastifyPluginAsync = async (app) => {
  const { db, dbKind, config, audit } = app.ctx;
  app.get('/', async (request, reply) => {
    const name = `showcase-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
    const body = new PassThrough();
    writeBackup({ db, kind: dbKind, media: mediaObjects(config) }, body).then(
      (summary) =>
        audit.recordFor(request, {
          action: 'backup.download',
          targetType: 'backup',
          summary: `Downloaded a backup: ${summary.rows} rows in ${summary.tables} tables, ${summary.mediaFiles} media files`,
        }),
      (error: unknown) => {
        // Headers are gone by now: breaking the stream is how the browser learns the download failed.
        request.log.error({ err: error }, 'backup download failed');
        body.destroy(error as Error);
      },
    );
    return reply
      .header('Content-Type', 'application/gzip')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Cache-Control', 'no-store')
      .send(body);
  });
};
