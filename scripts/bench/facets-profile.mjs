// Where an uncached category page with two facets chosen spends its time (issue 28):
// `node scripts/bench/facets-profile.mjs [requests] [--cpu-prof]` after `npm run build`. Seeds the facet
// bench's catalogue (10,000 products, 5 filter attributes), starts the built server as one process with
// every SQLite statement timed (statement-times.mjs), and prints the bench's wall times beside the
// statements' time per request, each statement with its calls and mean, and the server's CPU time per
// request, each statement's wall and CPU time (the process's, steadier on a busy machine). `--cpu-prof`: a V8
// profile of the server over the measured requests only (kept with the data); `KEEP=1` keeps the data too.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedCatalogue } from './seed.mjs';
import { facetTimes, seedAttributes } from './facets.mjs';
import { getText } from './load.mjs';

const requests = Number(process.argv[2] ?? 200);
const cpuProf = process.argv.includes('--cpu-prof');
const PORT = Number(process.env.BENCH_PORT ?? 4198);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-facets-profile-'));
const timesFile = path.join(dataDir, 'statements.json');
const profileFile = path.join(dataDir, 'facets.cpuprofile');
/** CPU time (user + system) of a process so far, in ms: on a busy machine a steadier figure than wall time. */
const cpuMs = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function start(extra = [], env = {}) {
  const server = spawn(process.execPath, [...extra, 'dist/server/main.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), DATA_DIR: dataDir, SEED_DEMO: 'false', ADMIN_PASSWORD: 'profile-password-123', DATABASE_URL: '', WEB_CONCURRENCY: '1', LOG_LEVEL: 'warn', STATEMENT_TIMES_FILE: timesFile, ...env },
  });
  const exited = new Promise((resolve) => server.on('exit', resolve));
  return { server, stop: async () => (server.kill('SIGTERM'), await exited) };
}

async function healthy() {
  for (let i = 0; i < 600; i += 1) {
    if ((await getText(PORT, '/api/health').catch(() => ({ status: 0 }))).status === 200) return;
    await sleep(100);
  }
  throw new Error('server did not start');
}

let run = start();
await healthy();
await run.stop();
const seeded = seedCatalogue(dataDir, 10_000);
seedAttributes(dataDir);
run = start(['--import', path.resolve('scripts/bench/statement-times.mjs')], cpuProf ? { CPU_PROFILE_FILE: profileFile } : {});
await healthy();
const slug = seeded.categories[1].slug;
await facetTimes(PORT, slug, 30, requests);
run.server.kill('SIGUSR2');
await sleep(100);
const cpu0 = cpuMs(run.server.pid);
const walls = await facetTimes(PORT, slug, requests);
const serverCpu = (cpuMs(run.server.pid) - cpu0) / requests;
run.server.kill('SIGUSR1');
await sleep(cpuProf ? 2000 : 300);
const statements = JSON.parse(fs.readFileSync(timesFile, 'utf8'));
await run.stop();
const perRequest = statements.reduce((sum, [, entry]) => sum + entry.ms, 0) / requests;
const cpuPerRequest = statements.reduce((sum, [, entry]) => sum + entry.cpuMs, 0) / requests;
const calls = statements.reduce((sum, [, entry]) => sum + entry.calls, 0) / requests;
console.log(`${requests} requests, HTML ${(walls.bytes / 1024).toFixed(1)} KB: p50 ${walls.p50.toFixed(1)} ms, p95 ${walls.p95.toFixed(1)} ms, max ${walls.max.toFixed(1)} ms`);
console.log(`server CPU ${serverCpu.toFixed(1)} ms per request (load ${os.loadavg()[0].toFixed(1)})`);
console.log(`SQLite: ${perRequest.toFixed(2)} ms (CPU ${cpuPerRequest.toFixed(2)} ms) in ${calls.toFixed(1)} statements per request`);
for (const [text, entry] of statements.sort((a, b) => b[1].ms - a[1].ms)) {
  console.log(`${(entry.ms / requests).toFixed(3).padStart(8)} ms/req (CPU ${(entry.cpuMs / requests).toFixed(3)}) ${(entry.calls / requests).toFixed(2).padStart(6)} calls/req  ${text}`);
}
if (cpuProf) console.log(`CPU profile of the measured requests: ${profileFile}`);
else if (!process.env.KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
