// nginx on a loopback port with a temporary config, serving one page's bytes
// (plain and pre-gzipped, as Showcase sends them), for a side-by-side ratio.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getText } from './load.mjs';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));

export async function startNginx(plain, gzip, workers, port = Number(process.env.BENCH_NGINX_PORT ?? 4198)) {
  if (!NGINX) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-nginx-'));
  fs.writeFileSync(path.join(dir, 'product.html'), plain);
  fs.writeFileSync(path.join(dir, 'product.html.gz'), gzip);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes ${workers};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    location = /product { default_type 'text/html; charset=utf-8'; gzip_static on; try_files /product.html =404; }
  }
}
`,
  );
  const nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const exited = new Promise((resolve) => nginx.on('exit', resolve));
  for (let i = 0; i < 50; i++) {
    try {
      if ((await getText(port, '/product')).status === 200) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    port,
    stop: async () => {
      nginx.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
