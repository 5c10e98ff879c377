import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The documented site configuration (README, operator's guide): the harness runs this very file. */
export const SITE_CONFIG = path.resolve('deploy/nginx/showcase.conf');

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));

/**
 * nginx from Debian's package, as the load balancer, in a directory of its own: a main file with the
 * paths a non-system nginx needs, the documented site file (its listen port changed), and the
 * upstream file the readiness checker writes.
 */
export class Nginx {
  private readonly main: string;

  constructor(
    private readonly dir: string,
    readonly port: number,
  ) {
    this.main = path.join(dir, 'nginx.conf');
  }

  static installed(): boolean {
    return NGINX !== undefined;
  }

  private nginx(args: string[]): void {
    const result = spawnSync(NGINX!, ['-p', this.dir, '-c', this.main, ...args], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`nginx ${args.join(' ')} failed:\n${result.stderr}`);
  }

  /** Writes the upstream file: only ready copies get visitors. */
  writeUpstream(ports: readonly number[]): void {
    const servers = ports.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join('\n');
    fs.writeFileSync(path.join(this.dir, 'showcase-upstream.conf'), `upstream showcase {\n${servers}\n    keepalive 64;\n}\n`);
  }

  start(ports: readonly number[]): void {
    const temp = path.join(this.dir, 'temp');
    fs.mkdirSync(temp, { recursive: true, mode: 0o777 });
    // Workers run as `nobody` when started by root: their temp files go where they may write.
    execFileSync('chmod', ['777', temp]);
    const site = fs.readFileSync(SITE_CONFIG, 'utf8').replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${this.port};`);
    fs.writeFileSync(path.join(this.dir, 'showcase.conf'), site);
    fs.writeFileSync(
      this.main,
      [
        'worker_processes 1;',
        `pid ${path.join(this.dir, 'nginx.pid')};`,
        `error_log ${path.join(this.dir, 'error.log')} warn;`,
        'events { worker_connections 4096; }',
        'http {',
        '    access_log off;',
        `    client_body_temp_path ${temp}/body;`,
        `    proxy_temp_path ${temp}/proxy;`,
        // Relative includes resolve beside this file, as /etc/nginx's do beside /etc/nginx/nginx.conf.
        '    include showcase.conf;',
        '}',
        '',
      ].join('\n'),
    );
    this.writeUpstream(ports);
    this.nginx(['-t', '-q']);
    this.nginx([]);
  }

  /** New workers with the new upstream file; the old ones finish the requests they hold. */
  reload(): void {
    this.nginx(['-s', 'reload']);
  }

  stop(): void {
    try {
      this.nginx(['-s', 'quit']);
    } catch {
      // Not running.
    }
  }
}
