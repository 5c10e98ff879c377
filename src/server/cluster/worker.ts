import type { Config } from '../config';
import { buildApp } from '../app';
import { relayContentChanges } from './content-relay';
import { warmPages } from '../ssr/warm-pages';
import { VARIANTS_QUEUED, builtCli, startEncoderProcess, type VariantRunner } from '../modules/media/encoder-process';

/**
 * Where this server's images are processed: in a cluster worker, by the
 * primary's encoder (told through the primary when an image is queued); alone,
 * by an encoder process of its own. Undefined (in-process workers) when
 * MEDIA_WORKERS is 0 or the server runs from source.
 */
function variantRunner(config: Config, inCluster: boolean, onRenditions: (urls: string[]) => void): VariantRunner | undefined {
  const cli = builtCli();
  if (config.mediaWorkers === 0 || !cli) return undefined;
  if (inCluster) return { start: () => {}, nudge: () => process.send?.({ type: VARIANTS_QUEUED }), stop: async () => {} };
  return startEncoderProcess(cli, onRenditions, (message) => process.stderr.write(`${message}\n`));
}

/** Serves requests: in a cluster worker (the primary prepared the database) or alone. */
export async function runWorker(config: Config, options: { prepared: boolean }): Promise<void> {
  // Signals are handled from the first moment: a worker told to stop while it is still starting
  // (a deploy or a test right after a start, on a slow database) stops cleanly instead of being
  // killed by the signal, which its primary would report as a failed shutdown.
  let stopRequest: string | undefined;
  let stop = (signal: string) => {
    stopRequest ??= signal;
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // A worker whose primary died (killed, crashed) would serve on alone, unsupervised: it drains and stops too.
  if (options.prepared) process.on('disconnect', () => stop('primary gone'));

  // The encoder's batches are heard once the app exists (before it, no page is cached anyway).
  let hearRenditions = (_urls: string[]) => {};
  const variants = variantRunner(config, options.prepared, (urls) => hearRenditions(urls));
  const app = await buildApp(config, { prepared: options.prepared, ...(variants ? { variants } : {}) });
  hearRenditions = (urls) => app.ctx.contentEvents.renditionsReady(urls, false);
  const stopRelay = relayContentChanges(app.ctx.contentEvents, app.ctx.dbKind === 'postgres');

  // Readiness 503 at once, serve on for SHUTDOWN_DRAIN_MS while the load balancer takes this copy out
  // (answers then close their connection, so none is reused), then stop accepting, let in-flight
  // requests finish and close the database (decision 061).
  let closing = false;
  const { lifecycle } = app.ctx;
  app.server.prependListener('request', (_request, response) => {
    if (lifecycle.draining) response.shouldKeepAlive = false;
  });
  stop = (signal: string) => {
    if (closing) return;
    closing = true;
    lifecycle.draining = true;
    app.log.info(`${signal} received: not ready; serving ${config.shutdownDrainMs} ms more, then shutting down`);
    const force = setTimeout(() => process.exit(1), config.shutdownDrainMs + 15_000);
    force.unref();
    setTimeout(() => {
      stopRelay();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    }, config.shutdownDrainMs);
  };
  if (stopRequest) {
    stop(stopRequest);
    return;
  }

  // Not ready until the pages visitors reach first are rendered here.
  const warming = app.hasDecorator('renderCache');
  if (warming) lifecycle.cache = 'cold';
  await app.listen({ port: config.port, host: config.host });
  if (warming) {
    await warmPages(app).catch((error: unknown) => app.log.warn({ err: error }, 'could not warm the page cache'));
    lifecycle.cache = 'warm';
  }
  if (!options.prepared) app.log.info(`Showcase is running at ${config.publicUrl} (database: ${app.ctx.dbKind}, data: ${config.dataDir})`);
}
