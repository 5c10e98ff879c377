import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The newest installed PostgreSQL's programs (Debian keeps them under /usr/lib/postgresql/<major>/bin). */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const majors = fs.existsSync(root) ? fs.readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  if (!majors[0]) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/<major>/bin)');
  return path.join(root, majors[0], 'bin');
}

/**
 * A throwaway PostgreSQL cluster of the harness's own, on its own port: the harness restarts it for
 * real, which it must never do to the machine's shared server. initdb refuses root, so as root the
 * cluster belongs to the `postgres` user.
 */
export class ThrowawayPostgres {
  private readonly bin = binDir();
  private readonly data: string;
  private readonly log: string;
  private readonly asRoot = process.getuid?.() === 0;

  constructor(
    private readonly dir: string,
    readonly port: number,
  ) {
    this.data = path.join(dir, 'data');
    this.log = path.join(dir, 'postgres.log');
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/showcase`;
  }

  private run(program: string, args: string[]): void {
    const command = path.join(this.bin, program);
    const result = this.asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
      : spawnSync(command, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${program} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  }

  init(): void {
    fs.mkdirSync(this.dir, { recursive: true });
    if (this.asRoot) execFileSync('chown', ['postgres:postgres', this.dir]);
    this.run('initdb', ['-D', this.data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  }

  start(): void {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir} -c fsync=off -c max_connections=200`;
    this.run('pg_ctl', ['-D', this.data, '-l', this.log, '-o', options, '-w', 'start']);
  }

  /** Fast shutdown: every connection is ended, as in a restart for an upgrade or a failover. */
  stop(): void {
    this.run('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', 'stop']);
  }

  createDatabase(): void {
    this.run('createdb', ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', 'showcase']);
  }

  /** Stops it if it runs; leaves the files to the caller's clean-up. */
  destroy(): void {
    try {
      this.stop();
    } catch {
      // Not running.
    }
  }
}
