import Fastify, { LogController, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { checkMigrations, migrateToLatest, openDatabase, type MigrationCheck } from './db/database';
import { ensureSearchIndex } from './content/effects/search-index';
import { ContentEvents } from './content/events';
import { CatalogueFigures } from './content/catalogue-figures';
import { installErrorHandler } from './http/error-handler';
import { ensureAdminPassword } from './modules/auth/admin-password';
import { TOTP_SETTINGS } from './modules/auth/two-factor';
import { keyFileFor, sealStoredSecrets, setSecretsKeySource } from './content/secret-box';
import { registerApiRoutes } from './routes';
import { registerMedia } from './modules/media/media.plugin';
import { createMediaStore } from './modules/media/media.service';
import { VariantWorkers } from './modules/media/variant-queue';
import type { VariantRunner } from './modules/media/encoder-process';
import { registerWeb } from './ssr/web.plugin';
import { seedDemoContentIfEmpty } from './seed/seed-demo';
import { listenForContentChanges } from './content/notify';
import { installSecurityHeaders } from './http/security-headers';
import { clientBuild } from './ssr/client-manifest';
import { installRequestLog, lazyChildLogger, loggerOptions } from './http/logging';
import { AuditLog } from './modules/audit/audit-log';
import { PublishSchedule } from './content/publish-schedule';
import './app-context';
import { startNewsletter } from './modules/newsletter/newsletter-setup';
import { FormMailSender } from './modules/forms/form-mail';
import { createMailer } from './modules/newsletter/mailer';
import { newsletterPages } from './modules/newsletter/newsletter-pages';
import { Analytics } from './modules/analytics/analytics-recorder';
import { trustedHop } from './http/client-address';
import { Lifecycle } from './modules/health/lifecycle';
import { purgeCdnOnWrites } from './cdn/cdn-purge';
import { WebhookDispatcher } from './modules/webhooks/webhook-dispatcher';

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export type BuildOptions = {
  /** Serve the built client and server-rendered pages (off in API-only tests). */
  web?: boolean;
  /** URLs per sitemap file (50,000 unless a test wants the sitemap index sooner). */
  sitemapMaxUrls?: number;
  /** Where the generated admin password is reported on first start. */
  announcePassword?: (password: string) => void;
  /** Where JSON log lines go instead of standard output (tests read them). */
  logStream?: NodeJS.WritableStream;
  /**
   * Migrations and demo seeding already ran (the cluster primary does them
   * once before starting workers, so workers never race on them).
   */
  prepared?: boolean;
  /**
   * Who makes image variants: the encoder process of this machine
   * (encoder-process.ts, started by the primary or the lone server); without
   * it, this process's own background workers (tests, development).
   */
  variants?: VariantRunner;
  /** Sees every route as it is declared, with its options (tests walk the route table with it). */
  onRoute?: (route: RouteOptions) => void;
  /** The content webhooks' clock (tests move it a day on to see an endpoint switched off). */
  webhookNow?: () => number;
};

/** JSON bodies stay small; files go through multipart with their own limits. */
const JSON_BODY_LIMIT = 2 * 1024 * 1024;

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // One line per request, written by installRequestLog.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyChildLogger,
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
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = openDatabase({
    ...config,
    onConnectionError: (error) => app.log.warn({ err: error }, 'database connection lost; a new one is opened when needed'),
    onRollbackError: (error) => app.log.warn({ err: error }, 'rollback failed after an error (the earlier error is the one answered)'),
  });
  let migrations: MigrationCheck;
  try {
    if (!options.prepared) {
      migrations = await migrateToLatest(database.db);
      // Once per start, like the migrations: workers of a cluster would race on a rebuild.
      await ensureSearchIndex(database.db);
    } else {
      // The primary migrated; a worker still checks that it runs on a schema it knows (decision 062).
      migrations = await checkMigrations(database.db);
      if (migrations.pending.length > 0) throw new Error(`Database not migrated: ${migrations.pending.join(', ')} missing`);
    }
    if (migrations.ahead.length > 0) app.log.warn(`the database has migrations of a newer build (${migrations.ahead.join(', ')}): running on its expanded schema`);
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
  // Once per start, like the migrations: the cluster primary does it before the workers, which would each warn.
  if (!options.prepared) await ensureAdminPassword(database.db, config.adminPassword, { announce, warn: (message) => app.log.warn(message) });
  setSecretsKeySource(database.db, { configured: config.encryptionKey, keyFile: keyFileFor(config.dataDir) });
  const secrets = await sealStoredSecrets(database.db, TOTP_SETTINGS);
  if (secrets.unreadable.length > 0) {
    app.log.error(
      `${secrets.unreadable.join(', ')} does not open with this site's key (ENCRYPTION_KEY, or ${keyFileFor(config.dataDir)}): ` +
        'two-factor sign-in fails until the key that sealed it is back; every copy of the site needs the same ENCRYPTION_KEY, and `npm run password -- --disable-2fa` turns two-factor sign-in off',
    );
  }
  const audit = new AuditLog(database.db, app.log);
  const schedule = new PublishSchedule(database.db, contentEvents, app.log);
  await schedule.refresh();
  const newsletter = startNewsletter(config, database, app.log);
  const formMailer = config.mail ? createMailer(config.mail) : undefined;
  const formMail = formMailer ? new FormMailSender(database.db, database.kind, formMailer, app.log) : undefined;
  const webhooks = new WebhookDispatcher(database.db, database.kind, { allowPrivate: config.webhookAllowPrivate, retention: config.webhookLog, now: options.webhookNow }, app.log);
  // Woken by writes that queued deliveries, here or in another copy or worker (events.ts), not by every write.
  contentEvents.on('webhooks', () => webhooks.wake());
  newsletter.context.events.on('change', () => webhooks.wake());
  const analytics = new Analytics(
    database.db,
    { enabled: config.analytics, ownHosts: [new URL(config.publicUrl).hostname.toLowerCase()], trusted: trustedHop(config.trustProxy) },
    app.log,
  );
  app.decorate('ctx', {
    config,
    db: database.db,
    dbKind: database.kind,
    contentEvents,
    catalogueFigures: new CatalogueFigures(contentEvents),
    // New renditions change what the pages drawing those images print (srcset), in every copy: only those pages are dropped.
    mediaVariants:
      options.variants ??
      new VariantWorkers(database.db, createMediaStore(config), config.mediaWorkers, app.log, (urls) => contentEvents.renditionsReady(urls, true)),
    audit,
    schedule,
    newsletter: newsletter.context,
    formMail,
    webhooks,
    analytics,
    lifecycle: Object.assign(new Lifecycle(), { migrations }),
  });
  // A CDN in front is told which surrogate keys each committed write touches (decision 061).
  const cdnPurge = config.cdn ? purgeCdnOnWrites(config.cdn, contentEvents, app.log, { db: database.db, schedule }) : undefined;
  const notifications = await listenForContentChanges(app.ctx, config.databaseUrl, app.log);
  app.ctx.notifications = notifications;
  app.addHook('onReady', async () => {
    newsletter.start();
    formMail?.start();
    webhooks.start();
    await analytics.start();
  });
  app.addHook('onClose', async () => {
    schedule.stop();
    await app.ctx.mediaVariants.stop();
    await notifications.stop();
    await cdnPurge?.stop();
    await audit.flush();
    await newsletter.stop();
    await formMail?.stop();
    formMailer?.close();
    await webhooks.stop();
    // Every acknowledged page view and click is written before the database closes (decision 060).
    await analytics.stop();
    await database.close();
  });

  if (config.seedDemo && !options.prepared) await seedDemoContentIfEmpty(app.ctx);
  // After the seed, whose images it would otherwise race for the single core.
  app.ctx.mediaVariants.start();

  installErrorHandler(app);
  // Where a person watches a terminal, every request is shown (issue 14); a log collector gets writes and failures.
  installRequestLog(app, { readsAtInfo: !options.logStream && Boolean(process.stdout.isTTY) });
  const starter = options.web === false ? undefined : clientBuild().assets?.starter;
  installSecurityHeaders(app, starter ? [starter.hash] : []);
  await app.register(compress, { threshold: 1024 });

  await app.register(registerApiRoutes, { prefix: '/api' });
  await app.register(registerMedia);
  await app.register(newsletterPages);
  if (options.web !== false) await app.register(registerWeb, { sitemapMaxUrls: options.sitemapMaxUrls });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ success: false, error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
  return app;
}
