import type { Config } from '../config';
import { buildApp } from '../app';
import { relayContentChanges } from './content-relay';
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

  // Stop accepting, let in-flight requests finish, then close the database.
  let closing = false;
  stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    stopRelay();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  if (stopRequest) {
    stop(stopRequest);
    return;
  }

  await app.listen({ port: config.port, host: config.host });
  if (!options.prepared) app.log.info(`Showcase is running at ${config.publicUrl} (database: ${app.ctx.dbKind}, data: ${config.dataDir})`);
}
