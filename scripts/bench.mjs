// `npm run bench`: starts the built server on a fresh data directory with demo
// content and prints figures: start-up time, throughput and latency of the main
// routes, and the server's memory. Loopback only, bounded in count and time.
import { spawn, execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PORT = Number(process.env.BENCH_PORT ?? 4199);
const BASE = `http://127.0.0.1:${PORT}`;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

if (!fs.existsSync('dist/server/main.js') || !fs.existsSync('dist/client/.vite/manifest.json')) {
  console.log('Building first (npm run build)…');
  execSync('npm run build', { stdio: 'inherit' });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-bench-'));
const startServer = () =>
  spawn(process.execPath, ['dist/server/main.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), DATA_DIR: dataDir, SEED_DEMO: 'true', ADMIN_PASSWORD: 'bench-password-123', LOG_LEVEL: 'warn' },
  });
let started = performance.now();
let server = startServer();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const rssMb = () => {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
};

async function waitForHealth() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  throw new Error('server did not start within 30 s');
}

async function load(url, total = REQUESTS, concurrency = CONCURRENCY) {
  const latencies = [];
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < total) {
      next += 1;
      const t0 = performance.now();
      const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
      await response.arrayBuffer();
      if (!response.ok) failures += 1;
      latencies.push(performance.now() - t0);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  return { rps: Math.round(total / seconds), p50: pct(50), p95: pct(95), p99: pct(99), failures };
}

try {
  await waitForHealth();
  const startupMs = Math.round(performance.now() - started);
  const rssIdle = rssMb();
  const products = (await (await fetch(`${BASE}/api/products`)).json()).data;
  const categories = (await (await fetch(`${BASE}/api/categories`)).json()).data;

  // One uncached render of each page kind: the cost a visitor pays after a content change.
  const firstRender = {};
  for (const [name, url] of [['home', '/'], ['category', `/category/${categories[0].slug}`], ['product', `/product/${products[0].slug}`], ['about', '/about']]) {
    const t0 = performance.now();
    await (await fetch(BASE + url)).arrayBuffer();
    firstRender[name] = (performance.now() - t0).toFixed(1);
  }

  const routes = [
    ['GET / (rendered page, cached)', '/'],
    ['GET /product/{slug} (cached)', `/product/${products[0].slug}`],
    ['GET /api/products', '/api/products'],
    ['GET /api/categories/slug/{slug}', `/api/categories/slug/${categories[0].slug}`],
  ];
  console.log(`\nShowcase benchmark: ${REQUESTS} requests per route, ${CONCURRENCY} concurrent, loopback, ${os.cpus().length} cores`);
  console.log(`start-up with demo seeding: ${startupMs} ms; memory idle: ${rssIdle.toFixed(0)} MB RSS`);
  console.log(`first (uncached) render ms: ${Object.entries(firstRender).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log('\nroute                                  req/s    p50 ms  p95 ms  p99 ms  failures');
  for (const [name, url] of routes) {
    const r = await load(BASE + url);
    console.log(`${name.padEnd(38)} ${String(r.rps).padStart(6)}  ${r.p50.padStart(6)}  ${r.p95.padStart(6)}  ${r.p99.padStart(6)}  ${r.failures}`);
  }
  console.log(`\nmemory after load: ${rssMb().toFixed(0)} MB RSS`);

  // A normal start: the data is already there, nothing to seed.
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  started = performance.now();
  server = startServer();
  await waitForHealth();
  const restartMs = Math.round(performance.now() - started);
  await (await fetch(`${BASE}/`)).arrayBuffer();
  console.log(`restart on the same data: ${restartMs} ms to healthy; memory idle: ${rssMb().toFixed(0)} MB RSS`);
} finally {
  server.kill('SIGTERM');
  await sleep(300);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
