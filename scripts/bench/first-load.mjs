// `node scripts/bench/first-load.mjs`: the JavaScript each public page (home, a category, a product,
// search, about) loads before it can hydrate, in kB gzip (level 9, 1 kB = 1024 bytes), target ≤ 95 kB.
// It starts the built server on a fresh data directory with demo content and reads what each page's
// HTML names: its module script and the modules it preloads (the entry's own imports and the chunk
// of the pages' own code), directly or through the starter of a page with a hero. Builds first if
// there is no build. BENCH_PORT picks the port (4502).
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

export const CLIENT_DIR = 'dist/client';
export const TARGET_KB = 95;

/**
 * The scripts a page's HTML loads before it hydrates: its module script and every modulepreload link,
 * or, on a page with a hero, what the inline starter loads once the hero is painted (`data-entry`,
 * `data-modules`, decision 048).
 */
export function firstLoadScripts(html) {
  const sources = [
    ...[...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((match) => match[1]),
    ...[...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]),
    ...[...html.matchAll(/<script type="module" data-entry="([^"]+)" data-modules="([^"]*)"/g)].flatMap((match) => [match[1], ...match[2].split(' ').filter(Boolean)]),
  ];
  return [...new Set(sources)];
}

/** gzip -9 bytes of the built files at these /assets/… addresses. */
export function gzipBytes(hrefs, clientDir = CLIENT_DIR) {
  return hrefs.reduce((sum, href) => sum + zlib.gzipSync(fs.readFileSync(path.join(clientDir, href)), { level: 9 }).length, 0);
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/** The first-load JavaScript of a page of a running server, in bytes. */
export async function firstLoadOf(base, pagePath) {
  const response = await fetch(new URL(pagePath, base));
  const html = await response.text();
  const scripts = firstLoadScripts(html);
  return { status: response.status, scripts, bytes: gzipBytes(scripts) };
}

async function main() {
  const port = Number(process.env.BENCH_PORT ?? 4502);
  const base = `http://127.0.0.1:${port}`;
  if (!fs.existsSync('dist/server/main.js') || !fs.existsSync(path.join(CLIENT_DIR, '.vite/manifest.json'))) {
    console.log('Building first (npm run build)…');
    execSync('npm run build', { stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-first-load-'));
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'true', MEDIA_WORKERS: '0', ADMIN_PASSWORD: 'bench-password-123', LOG_LEVEL: 'warn', DATABASE_URL: '' },
  });
  try {
    for (let i = 0; ; i++) {
      if (i === 600) throw new Error('server did not start within 60 s');
      if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const first = async (api) => (await (await fetch(`${base}${api}`)).json()).data[0].slug;
    const pages = [
      ['home', '/'],
      ['category', `/category/${await first('/api/categories')}`],
      ['product', `/product/${await first('/api/products')}`],
      ['search', '/search?q=design'],
      ['about', '/about'],
    ];
    console.log(`first-load JavaScript per public page (gzip -9, target ≤ ${TARGET_KB} kB)`);
    let over = false;
    for (const [name, pagePath] of pages) {
      const { status, scripts, bytes } = await firstLoadOf(base, pagePath);
      over ||= bytes > TARGET_KB * 1024;
      const files = scripts.map((href) => `${path.basename(href).replace(/-[\w-]{8}\.js$/, '')} ${kb(gzipBytes([href]))}`);
      console.log(`${name.padEnd(9)} ${kb(bytes).padStart(9)}  ${status}  ${files.join(', ')}`);
    }
    if (over) console.log(`\nover the target of ${TARGET_KB} kB`);
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
