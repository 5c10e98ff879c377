import { PassThrough } from 'node:stream';
import { PRIVATE_NO_STORE } from '../../cdn/cache-control';
import type { FastifyPluginAsync } from 'fastify';
import { insertAuditEntry } from '../audit/audit.repository';
import { mediaObjects } from './media-objects';
import { writeBackup } from './write-backup';
import { FILE_ROUTE } from '../../http/answers';

/** Admin-only: the same archive as `npm run backup`, streamed as it is written. */
export const backupRoutes: FastifyPluginAsync = async (app) => {
  const { db, dbKind, config } = app.ctx;
  app.get('/', FILE_ROUTE, async (request, reply) => {
    const name = `showcase-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
    // Written before the first byte leaves: a download stopped half-way already holds every table.
    await insertAuditEntry(db, { action: 'backup.download', targetType: 'backup', summary: `Started a backup download (${name})`, ip: request.ip });
    const body = new PassThrough();
    writeBackup({ db, kind: dbKind, media: mediaObjects(config), backupKey: config.backupKey }, body).catch((error: unknown) => {
      // Headers are gone by now: breaking the stream is how the browser learns the download failed.
      request.log.error({ err: error }, 'backup download failed');
      body.destroy(error as Error);
    });
    return reply
      .header('Content-Type', 'application/gzip')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Cache-Control', PRIVATE_NO_STORE)
      .send(body);
  });
};
