import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** One copy of the app: the built server of one release directory, on its own port. */
export class Copy {
  private child: ChildProcess | undefined;
  private exited: Promise<number | null> = Promise.resolve(null);
  private output = '';

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  /** The exit code (or signal) once the process has ended; undefined while it runs. */
  get exitCode(): number | string | undefined {
    if (!this.child) return undefined;
    return this.child.exitCode ?? this.child.signalCode ?? undefined;
  }

  /** Starts `release`/server/main.js; `first`: the copy that seeds the demo content on an empty database. */
  start(release: string, first = false): void {
    const dataDir = path.join(this.env.COPIES_DIR!, `copy-${this.port}`);
    fs.mkdirSync(dataDir, { recursive: true });
    this.output = '';
    const child = spawn(process.execPath, [path.join(release, 'server/main.js')], {
      env: { ...process.env, ...this.env, PORT: String(this.port), DATA_DIR: dataDir, SEED_DEMO: first ? 'true' : 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    this.child = child;
  }

  /** SIGTERM: the copy drains (SHUTDOWN_DRAIN_MS) and exits; resolves with its exit code. */
  async stop(): Promise<number | null> {
    this.child?.kill('SIGTERM');
    return this.exited;
  }

  /** kill -9: no drain, no goodbye. */
  async kill(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
  }

  /** For an exit handler, where nothing can be awaited: SIGKILL if it still runs. */
  killNow(): void {
    if (this.child && this.exitCode === undefined) this.child.kill('SIGKILL');
  }

  logs(): string {
    return this.output;
  }
}
