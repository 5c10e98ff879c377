import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Image variants are made in one child process per machine (docs/decisions/055):
 * the cluster primary, or the lone server, starts `cli.js media:encoder` at the
 * lowest priority (nice 19 and, where util-linux's `chrt` is there, SCHED_IDLE:
 * docs/decisions/068), running MEDIA_WORKERS jobs at once with one libvips
 * thread each. The HTTP workers keep their cores: the kernel gives the encoder
 * only what they leave idle.
 */
export const ENCODER_COMMAND = 'media:encoder';
/** The encoder's nice value: the lowest there is. */
export const ENCODER_NICE = 19;

/**
 * Puts every thread of `pid` in the SCHED_IDLE class (`chrt --idle --all-tasks --pid 0`): it runs only
 * when no normal thread of the machine wants the core, whatever their nice values. An unprivileged
 * process may do so to itself. False where `chrt` is missing or refused: nice alone then.
 */
export function runWhenIdle(pid: number): boolean {
  try {
    const result = spawnSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(pid)], { stdio: 'ignore', timeout: 2000 });
    return result.status === 0;
  } catch {
    return false;
  }
}
const RESTART_MS = 1000;

/** Sent by the encoder when a batch of images got renditions (SQLite: the parent passes it on to the workers). */
export const RENDITIONS_MADE = 'showcase:renditions-made';
/** Sent to the encoder (through the primary, from a worker) when an image was queued: start now, not at the next poll. */
export const VARIANTS_QUEUED = 'showcase:variants-queued';

type RenditionsMessage = { type: typeof RENDITIONS_MADE; urls: string[] };
export const isRenditionsMade = (message: unknown): message is RenditionsMessage =>
  typeof message === 'object' && message !== null && (message as RenditionsMessage).type === RENDITIONS_MADE && Array.isArray((message as RenditionsMessage).urls);
export const isVariantsQueued = (message: unknown): boolean =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === VARIANTS_QUEUED;

/** What the app holds to get images processed: its own workers (tests, development) or the encoder process. */
export type VariantRunner = { start(): void; nudge(): void; stop(): Promise<void> };

/** The built operator's commands beside the running server; undefined when not built (development runs from source). */
export function builtCli(): string | undefined {
  const entry = process.argv[1];
  const cli = entry ? path.join(path.dirname(entry), 'cli.js') : undefined;
  return cli && entry?.endsWith('.js') && fs.existsSync(cli) ? cli : undefined;
}

export type EncoderProcess = VariantRunner & { readonly pid: number | undefined };

/** Starts (and restarts, should it die) the encoder process; `onRenditions` hears its finished batches. */
export function startEncoderProcess(cli: string, onRenditions: (urls: string[]) => void, log: (message: string) => void): EncoderProcess {
  let child: ChildProcess | undefined;
  let stopping = false;
  const spawn = () => {
    const started = fork(cli, [ENCODER_COMMAND], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child = started;
    // The child lowers itself first thing too (its threads inherit it); this covers its first moments.
    try {
      if (started.pid) os.setPriority(started.pid, ENCODER_NICE);
      if (started.pid) runWhenIdle(started.pid);
    } catch {
      // Not allowed here (some containers): the child's own call still applies.
    }
    started.on('message', (message) => {
      if (isRenditionsMade(message)) onRenditions(message.urls.filter((url) => typeof url === 'string'));
    });
    started.on('exit', (code, signal) => {
      if (stopping) return;
      log(`image encoder ${started.pid} stopped (${signal ?? code}); starting another`);
      setTimeout(() => !stopping && spawn(), RESTART_MS).unref();
    });
  };
  return {
    get pid() {
      return child?.pid;
    },
    start: spawn,
    nudge: () => {
      if (child?.connected) child.send({ type: VARIANTS_QUEUED });
    },
    stop: async () => {
      stopping = true;
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
  };
}
