import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { ContentEvents } from './content-events';
import { installErrorHandler } from './http/error-handler';
import { ensureAdminPassword } from './modules/auth/admin-password';
import { registerApiRoutes } from './routes';
import { registerMedia } from './modules/media/media.plugin';
import { registerWeb } from './ssr/web.plugin';
import { seedDemoContentIfEmpty } from './seed/seed-demo';
import { listenForContentChanges } from './content-notify';
import { contentSecurityPolicy } from './http/content-security-policy';
import { PERMISSIONS_POLICY } from './http/permissions-policy';
import './app-context';
import { startNewsletter } from './modules/newsletter/newsletter-setup';
import { newsletterPages } from './modules/newsletter/newsletter-pages';

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export type BuildOptions = {
  /** Serve the built client and server-rendered pages (off in API-only tests). */
  web?: boolean;
  /** Where the generated admin password is reported on first start. */
  announcePassword?: (password: string) => void;
};

/** JSON bodies stay small; files go through multipart with their own limits. */
const JSON_BODY_LIMIT = 2 * 1024 * 1024;

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // A number of hops: the address that many proxies back from us is the client's.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Slugs may be 200 characters (SlugSchema); Fastify's default stops at 100.
    routerOptions: { maxParamLength: 1000 },
    // Malformed or over-long URLs are refused before routing: keep the error envelope.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      reply.status(tooLong ? 414 : 400).send({ success: false, error: tooLong ? 'Request URL is too long' : 'Request URL is not valid' });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = openDatabase({
    ...config,
    onConnectionError: (error) => app.log.warn({ err: error }, 'database connection lost; a new one is opened when needed'),
    onRollbackError: (error) => app.log.warn({ err: error }, 'rollback failed after an error (the earlier error is the one answered)'),
  });
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  const contentEvents = new ContentEvents();
  const announce =
    options.announcePassword ??
    ((password: string) => {
      process.stdout.write(`\nNo ADMIN_PASSWORD was set, so one was generated. It is shown only this once:\n\n    ${password}\n\n`);
    });
  await ensureAdminPassword(database.db, config.adminPassword, announce);
  const newsletter = startNewsletter(config, database, app.log);
  app.decorate('ctx', {
    config,
    db: database.db,
    dbKind: database.kind,
    contentEvents,
    newsletter: newsletter.context,
  });
  const notifications = await listenForContentChanges(app.ctx, config.databaseUrl, app.log);
  app.ctx.notifications = notifications;
  app.addHook('onReady', async () => newsletter.start());
  app.addHook('onClose', async () => {
    await notifications.stop();
    await newsletter.stop();
    await database.close();
  });

  if (config.seedDemo) await seedDemoContentIfEmpty(app.ctx);

  installErrorHandler(app);
  await app.register(helmet, { contentSecurityPolicy: { directives: contentSecurityPolicy }, crossOriginEmbedderPolicy: false });
  await app.register(compress, { threshold: 1024 });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });

  await app.register(registerApiRoutes, { prefix: '/api' });
  await app.register(registerMedia);
  await app.register(newsletterPages);
  if (options.web !== false) await app.register(registerWeb);

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ success: false, error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
  return app;
}
