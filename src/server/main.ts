import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { runPrimary } from './cluster/primary';
import { runWorker } from './cluster/worker';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // One worker per core (WEB_CONCURRENCY); a single one runs in this process, without a cluster.
  if (config.webConcurrency === 1) return runWorker(config, { prepared: false });
  if (cluster.isPrimary) return runPrimary(config);
  return runWorker(config, { prepared: true });
}

main().catch((error: unknown) => {
  process.stderr.write(`Showcase failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
