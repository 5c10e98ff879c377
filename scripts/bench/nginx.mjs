// nginx on a loopback port with a temporary config, serving the bytes Showcase sends for some pages,
// in each coding: `<name>.html`, `.html.gz` (gzip_static) and `.html.br` (brotli_static when the module
// is there, else the same file sent by hand with `Content-Encoding: br`), with the same security headers,
// Vary and an ETag, so the ratio compares the same answer from both. `NGINX_BIN=/path/to/nginx` picks the binary (nginx itself reads NGINX).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getText } from './load.mjs';

const NGINX = [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => file && fs.existsSync(file));

/** The brotli_static module of the distribution (libnginx-mod-http-brotli-static), beside the binary's prefix or the system's. */
function brotliModule() {
  const prefix = NGINX ? path.resolve(path.dirname(NGINX), '..', '..') : '/';
  return [path.join(prefix, 'usr/lib/nginx/modules/ngx_http_brotli_static_module.so'), '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'].find((file) => fs.existsSync(file));
}

/** An nginx string: the header values we copy hold no quotes of this kind, but a `"` or `\` is escaped anyway. */
const quoted = (value) => `"${String(value).replace(/["\\]/g, '\\$&')}"`;

/**
 * `pages`: { name: { identity, gzip, br } } Buffers; `headers`: the answer headers both servers send besides
 * the body's own (the security headers). Answers at `/<name>`.
 */
export async function startNginx(pages, headers, workers, port = Number(process.env.BENCH_NGINX_PORT ?? 4198)) {
  if (!NGINX) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-nginx-'));
  // Started as root, nginx's workers run as nobody: they must be able to read the files.
  fs.chmodSync(dir, 0o755);
  for (const [name, bodies] of Object.entries(pages)) {
    fs.writeFileSync(path.join(dir, `${name}.html`), bodies.identity);
    fs.writeFileSync(path.join(dir, `${name}.html.gz`), bodies.gzip);
    fs.writeFileSync(path.join(dir, `${name}.html.br`), bodies.br);
  }
  const module = brotliModule();
  const addHeaders = Object.entries(headers)
    .map(([key, value]) => `add_header ${key} ${quoted(value)} always;`)
    .join('\n    ');
  // Without the module: brotli when the client takes it (a map of Accept-Encoding), the same file, the same headers.
  const brotli = module
    ? 'brotli_static on;'
    : '';
  const byHand = module
    ? ''
    : `map $http_accept_encoding $br_suffix { default ""; "~*\\bbr\\b" ".br"; }`;
  const locations = Object.keys(pages)
    .map((name) =>
      module
        ? `location = /${name} { try_files /${name}.html =404; }`
        : `location = /${name} { if ($br_suffix) { rewrite ^ /${name}.html.br last; } try_files /${name}.html =404; }
    location = /${name}.html.br { internal; default_type 'text/html; charset=utf-8'; add_header Content-Encoding br always; add_header Vary Accept-Encoding always; add_header Cache-Control "public, no-cache" always; ${addHeaders} }`,
    )
    .join('\n    ');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${module ? `load_module ${module};` : ''}
worker_processes ${workers};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  keepalive_requests 100000;
  # BENCH_NGINX_SENDFILE=off measures nginx copying the bytes as Node must (no zero-copy from the page cache).
  sendfile ${process.env.BENCH_NGINX_SENDFILE === 'off' ? 'off' : 'on'};
  tcp_nopush on;
  # No extension map: every file is the page's type.
  types { }
  default_type 'text/html; charset=utf-8';
  gzip_static on;
  gzip_vary on;
  ${brotli}
  ${byHand}
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    add_header Cache-Control "public, no-cache" always;
    ${addHeaders}
    ${locations}
  }
}
`,
  );
  const nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => nginx.on('exit', resolve));
  const first = Object.keys(pages)[0];
  for (let i = 0; i < 50; i++) {
    try {
      if ((await getText(port, `/${first}`)).status === 200) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    port,
    pid: nginx.pid,
    brotli: module ? 'brotli_static module' : 'precompressed .br sent with explicit headers',
    stop: async () => {
      nginx.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
