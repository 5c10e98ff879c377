import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config';
import { buildApp } from '../app';
import { isContentChanged } from './content-relay';

const SHUTDOWN_GRACE_MS = 20_000;

/**
 * V8's young generation grows to 32 MB per worker under load (two 16 MB
 * semi-spaces), near half of a worker's heap once warm: measured with
 * v8.getHeapSpaceStatistics() under `npm run bench` (docs/decisions/042).
 * 4 MB semi-spaces keep it at 8 MB; the short-lived garbage of a render or a
 * cached answer is collected a little more often, with no throughput change
 * the bench could tell from its noise. An operator's own setting
 * (NODE_OPTIONS or node's arguments) wins.
 */
const SEMI_SPACE_FLAG = '--max-semi-space-size';
const WORKER_V8_FLAGS = [`${SEMI_SPACE_FLAG}=4`];

function workerExecArgv(): string[] {
  const given = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`;
  return given.includes(SEMI_SPACE_FLAG) ? process.execArgv : [...process.execArgv, ...WORKER_V8_FLAGS];
}

/**
 * The cluster primary serves nothing itself: it migrates and seeds the
 * database once (workers would race on it), starts one worker per
 * WEB_CONCURRENCY, relays content changes between them, replaces a worker
 * that dies, and on SIGTERM lets every worker drain before it exits.
 */
export async function runPrimary(config: Config): Promise<void> {
  const setup = await buildApp(config, { web: false });
  await setup.close();

  let closing = false;
  cluster.setupPrimary({ execArgv: workerExecArgv() });
  const fork = () => cluster.fork();
  cluster.on('message', (from: Worker, message: unknown) => {
    if (!isContentChanged(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker.id !== from.id && worker.isConnected()) worker.send(message);
    }
  });
  let failed = false;
  cluster.on('exit', (worker, code, signal) => {
    if (code !== 0) failed = true;
    if (closing) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    process.stderr.write(`Showcase worker ${worker.process.pid} stopped (${signal ?? code}); starting another\n`);
    fork();
  });

  const shutdown = () => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    // Each worker stops accepting, finishes its in-flight requests and closes its database.
    for (const worker of workers) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  for (let i = 0; i < config.webConcurrency; i += 1) fork();
  if (config.logLevel !== 'silent') {
    process.stdout.write(`Showcase is running at ${config.publicUrl} with ${config.webConcurrency} workers (database: ${config.databaseUrl ? 'postgres' : 'sqlite'}, data: ${config.dataDir})\n`);
  }
}
