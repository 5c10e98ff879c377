import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * The built server (`npm run build`) as a real process, for tests that need
 * what only a process has: its own signals, its cluster of workers, or
 * settings (mail, two-factor) the shared test servers must not get.
 */
export const BUILT_SERVER = path.resolve('dist/server/main.js');
export const isBuilt = () => fs.existsSync(BUILT_SERVER);

export interface BuiltServer {
  process: ChildProcess;
  baseUrl: string;
  /** What the process wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  stop: (graceMs?: number) => Promise<void>;
}

/** A port the system has just found free on the loopback interface. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** The environment the built server runs with: production settings, no demo content, quiet logs, no drain; `env` wins. */
const serverEnv = (port: number, env: Record<string, string>) => ({
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  // Stopped at once: the drain before a stop has its own test (shutdown.test.ts).
  SHUTDOWN_DRAIN_MS: '0',
  ...env,
});

/** Starts the built server on `port` without waiting for it: for tests of what happens while it starts. */
export function spawnBuiltServer(env: Record<string, string>, port: number) {
  let output = '';
  const child = spawn(process.execPath, [BUILT_SERVER], { env: serverEnv(port, env), stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * Starts the built server (on `port`, else a free one) with production settings, no demo
 * content and quiet logs (each overridable by `env`), and waits until its
 * health check answers.
 */
export async function startBuiltServer(
  env: Record<string, string>,
  { port: chosenPort, startTimeoutMs = 60_000 }: { port?: number; startTimeoutMs?: number } = {},
): Promise<BuiltServer> {
  const port = chosenPort ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const { child, output, exited } = spawnBuiltServer(env, port);
  const stop = async (graceMs = 20_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the built server exited with ${child.exitCode}:\n${output()}`);
    if (await fetch(`${baseUrl}/api/health`).then((response) => response.ok, () => false)) {
      return { process: child, baseUrl, output, exited, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop(1_000);
  throw new Error(`the built server did not answer its health check within ${startTimeoutMs} ms:\n${output()}`);
}
