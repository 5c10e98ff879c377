import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config';
import { buildApp } from '../app';
import { CONTENT_CHANGED, isContentChanged } from './content-relay';
import { builtCli, isVariantsQueued, startEncoderProcess } from '../modules/media/encoder-process';
import { workerEnv, workerExecArgv } from './worker-memory';

/** After the workers' drain (SHUTDOWN_DRAIN_MS): time for their in-flight requests and their database to close. */
const SHUTDOWN_GRACE_MS = 20_000;

/**
 * The cluster primary serves nothing itself: it migrates and seeds the
 * database once (workers would race on it), starts one worker per
 * WEB_CONCURRENCY, relays content changes between them, replaces a worker
 * that dies, and on SIGTERM lets every worker drain before it exits.
 */
export async function runPrimary(config: Config): Promise<void> {
  const cli = config.mediaWorkers > 0 ? builtCli() : undefined;
  // The encoder is started below, once: the setup app must not process the seed's images itself.
  const setup = await buildApp(config, { web: false, ...(cli ? { variants: { start: () => {}, nudge: () => {}, stop: async () => {} } } : {}) });
  await setup.close();
  // One encoder per machine, at a lower priority (docs/decisions/055); its finished batches go to every worker.
  const encoder = cli
    ? startEncoderProcess(
        cli,
        (urls) => {
          for (const worker of Object.values(cluster.workers ?? {})) {
            if (worker?.isConnected()) worker.send({ type: CONTENT_CHANGED, renditions: urls });
          }
        },
        (message) => process.stderr.write(`${message}\n`),
      )
    : undefined;

  let closing = false;
  let stoppingEncoder: Promise<void> | undefined;
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });
  const fork = () => cluster.fork(workerEnv(process.env));
  cluster.on('message', (from: Worker, message: unknown) => {
    if (isVariantsQueued(message)) encoder?.nudge();
    if (!isContentChanged(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker.id !== from.id && worker.isConnected()) worker.send(message);
    }
  });
  let failed = false;
  cluster.on('exit', (worker, code, signal) => {
    // A worker still loading its code when we asked it to stop has no handler yet and ends by the
    // signal itself; it had accepted nothing (it listens only once it handles signals, worker.ts).
    const stoppedBeforeServing = closing && signal === 'SIGTERM';
    if (code !== 0 && !stoppedBeforeServing) failed = true;
    if (closing) {
      // The encoder finishes the image in hand first (else it waits out its lease in the queue).
      if (Object.keys(cluster.workers ?? {}).length === 0) void stoppingEncoder?.then(() => process.exit(failed ? 1 : 0));
      return;
    }
    process.stderr.write(`Showcase worker ${worker.process.pid} stopped (${signal ?? code}); starting another\n`);
    fork();
  });

  const shutdown = () => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(1), config.shutdownDrainMs + SHUTDOWN_GRACE_MS).unref();
    stoppingEncoder = encoder ? encoder.stop() : Promise.resolve();
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    // Each worker stops accepting, finishes its in-flight requests and closes its database.
    for (const worker of workers) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  for (let i = 0; i < config.webConcurrency; i += 1) fork();
  encoder?.start();
  if (config.logLevel !== 'silent') {
    process.stdout.write(`Showcase is running at ${config.publicUrl} with ${config.webConcurrency} workers (database: ${config.databaseUrl ? 'postgres' : 'sqlite'}, data: ${config.dataDir})\n`);
  }
}
