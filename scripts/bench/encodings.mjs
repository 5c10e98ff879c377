// Issue 25: each cached page in each coding, Showcase beside nginx serving the same bytes with the same
// headers, measured by the same load generator in the same run (wrk when there is one), taking turns.
import os from 'node:os';
import { getText, load } from './load.mjs';
import { startNginx } from './nginx.mjs';
import { wrkAvailable, wrkLoad } from './wrk.mjs';
import { cpuSeconds } from './cpu.mjs';

export const CODINGS = { br: 'br', gzip: 'gzip', identity: undefined };

/** Headers of an answer that are not about its body: what nginx must add to send the same answer. */
const BODY_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'content-encoding', 'etag', 'vary', 'cache-control', 'last-modified', 'transfer-encoding', 'accept-ranges']);

async function bodies(port, url) {
  const result = {};
  let headers;
  for (const [coding, header] of Object.entries(CODINGS)) {
    const response = await getText(port, url, header ? { 'accept-encoding': header } : {});
    const sent = response.headers['content-encoding'] ?? 'identity';
    if (response.status !== 200 || sent !== coding) throw new Error(`${url} in ${coding}: status ${response.status}, sent as ${sent}`);
    result[coding] = response.body;
    headers ??= Object.fromEntries(Object.entries(response.headers).filter(([key]) => !BODY_HEADERS.has(key)));
  }
  return { bodies: result, headers };
}

/**
 * `pages`: { name: url } on Showcase at `port`. Answers { tool, brotli, rows: [{ page, coding, bytes,
 * showcase, nginx, ratio }] }, or null without nginx.
 */
/** `pid`: Showcase's process (its workers are its children), for the CPU each answer costs. */
export async function compareWithNginx({ port, pid, pages, workers, seconds, connections, threads, rounds = 5 }) {
  const fetched = {};
  let headers = {};
  for (const [name, url] of Object.entries(pages)) {
    const got = await bodies(port, url);
    fetched[name] = got.bodies;
    headers = got.headers;
  }
  const nginx = await startNginx(fetched, headers, workers);
  if (!nginx) return null;
  const useWrk = wrkAvailable();
  const run = async (target, path, coding, time = seconds) => {
    const header = CODINGS[coding] ? { 'accept-encoding': CODINGS[coding] } : {};
    const serverPid = target === port ? pid : nginx.pid;
    const cpuBefore = cpuSeconds(serverPid);
    const result = await (useWrk
      ? wrkLoad({ port: target, path, seconds: time, connections, threads, headers: header })
      : load({ port: target, next: () => path, seconds: time, concurrency: connections, acceptEncoding: CODINGS[coding] ?? null }));
    // Answers per CPU-second of the server's own processes.
    return { ...result, perCpuSecond: Math.round(result.count / (cpuSeconds(serverPid) - cpuBefore)) };
  };
  // Rounds: on a shared machine one pair of runs swings by more than the difference being measured, so
  // each cell is measured in several rounds, the two servers back to back (order swapped each round),
  // and the median of the paired ratios is the figure; its spread is printed beside it.
  const cells = Object.entries(pages).flatMap(([name, url]) => Object.keys(CODINGS).map((coding) => ({ name, url, coding, showcase: [], nginx: [], ratios: [], cpuRatios: [] })));
  try {
    // A second's warm-up of each server in each cell.
    for (const cell of cells) await run(port, cell.url, cell.coding, 1).then(() => run(nginx.port, `/${cell.name}`, cell.coding, 1));
    for (let round = 0; round < rounds; round += 1) {
      for (const cell of cells) {
        const pair = {};
        for (const side of round % 2 === 0 ? ['showcase', 'nginx'] : ['nginx', 'showcase']) {
          pair[side] = side === 'showcase' ? await run(port, cell.url, cell.coding) : await run(nginx.port, `/${cell.name}`, cell.coding);
          cell[side].push(pair[side]);
        }
        cell.ratios.push(pair.showcase.rps / pair.nginx.rps);
        cell.cpuRatios.push(pair.showcase.perCpuSecond / pair.nginx.perCpuSecond);
      }
    }
  } finally {
    await nginx.stop();
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const summary = (runs) => ({
    rps: median(runs.map((r) => r.rps)),
    p99: median(runs.map((r) => r.p99)),
    perCpuSecond: median(runs.map((r) => r.perCpuSecond)),
    failures: runs.reduce((sum, r) => sum + r.failures, 0),
  });
  const rows = cells.map((cell) => ({
    page: cell.name,
    coding: cell.coding,
    bytes: fetched[cell.name][cell.coding].length,
    showcase: summary(cell.showcase),
    nginx: summary(cell.nginx),
    ratio: median(cell.ratios),
    ratioRange: [Math.min(...cell.ratios), Math.max(...cell.ratios)],
    cpuRatio: median(cell.cpuRatios),
    cpuRatioRange: [Math.min(...cell.cpuRatios), Math.max(...cell.cpuRatios)],
    // Identity against gzip within each round (same server, same moment).
    showcaseRuns: cell.showcase.map((r) => r.rps),
    showcaseCpuRuns: cell.showcase.map((r) => r.perCpuSecond),
    nginxRuns: cell.nginx.map((r) => r.rps),
    nginxCpuRuns: cell.nginx.map((r) => r.perCpuSecond),
  }));
  return { tool: useWrk ? `wrk -t${threads} -c${connections}` : `node load generator, ${connections} connections`, brotli: nginx.brotli, rounds, seconds, rows };
}

const fmt = (ms) => (Number.isFinite(ms) ? ms.toFixed(1) : '-');
/** Issue 25's targets: each cached page ≥ 0.8× nginx with the same bytes, identity ≥ 0.8× of gzip. */
export const NGINX_TARGET = 0.8;
export const IDENTITY_TARGET = 0.8;
/** `met` or `MISSED` beside a figure, against its target. */
export const verdict = (value, target) => (value >= target ? 'met' : 'MISSED');

export function printComparison(result) {
  if (!result) return console.log('nginx: not installed (or NGINX_BIN=/path not set), comparison skipped');
  const [load1, load5] = os.loadavg();
  console.log(`\ncached pages vs nginx serving the same bytes with the same headers (${result.tool}, ${result.rounds} rounds of ${result.seconds} s, medians; nginx brotli: ${result.brotli}; load average ${load1.toFixed(1)}/${load5.toFixed(1)} on ${os.availableParallelism()} cores)`);
  console.log(`page      coding    body KB   showcase req/s  p99 ms   nginx req/s  p99 ms   ratio (range)       per CPU-s: showcase  nginx   ratio (range)     target ≥ ${NGINX_TARGET}× (req/s, per CPU-s)`);
  const range = ([low, high]) => `(${low.toFixed(2)}-${high.toFixed(2)})`;
  for (const row of result.rows) {
    console.log(
      `${row.page.padEnd(9)} ${row.coding.padEnd(8)} ${(row.bytes / 1024).toFixed(1).padStart(8)}   ${String(row.showcase.rps).padStart(14)}  ${fmt(row.showcase.p99).padStart(6)}   ${String(row.nginx.rps).padStart(11)}  ${fmt(row.nginx.p99).padStart(6)}   ${`${row.ratio.toFixed(2)}× ${range(row.ratioRange)}`.padEnd(18)}  ${String(row.showcase.perCpuSecond).padStart(17)}  ${String(row.nginx.perCpuSecond).padStart(6)}   ${`${row.cpuRatio.toFixed(2)}× ${range(row.cpuRatioRange)}`.padEnd(17)} ${verdict(row.ratio, NGINX_TARGET)}, ${verdict(row.cpuRatio, NGINX_TARGET)}${row.showcase.failures || row.nginx.failures ? ` failures ${row.showcase.failures}/${row.nginx.failures}` : ''}`,
    );
  }
  for (const page of new Set(result.rows.map((row) => row.page))) {
    const rows = result.rows.filter((row) => row.page === page);
    const by = (key) => Object.fromEntries(rows.map((row) => [row.coding, row[key]]));
    const perRound = (runs, coding) => runs[coding].map((value, i) => value / runs.gzip[i]).sort((a, b) => a - b);
    const mid = (values) => values[Math.floor(values.length / 2)].toFixed(2);
    const [runs, cpu] = [by('showcaseRuns'), by('showcaseCpuRuns')];
    // nginx's own identity against its own gzip, same bytes, same rounds: what sending 4–5 times the bytes costs
    // any server on this machine (loopback and the load generator share its two cores).
    const [nginxRuns, nginxCpu] = [by('nginxRuns'), by('nginxCpuRuns')];
    // CPU time an identity answer costs beyond a gzip one (µs, medians of answers per CPU-second): the price of its
    // extra bytes, which shows whether identity is slow in itself or gzip is fast.
    const cell = (coding) => rows.find((row) => row.coding === coding);
    const extraMicros = (side) => (1e6 / cell('identity')[side].perCpuSecond - 1e6 / cell('gzip')[side].perCpuSecond).toFixed(1);
    const answerMicros = (side, coding) => (1e6 / cell(coding)[side].perCpuSecond).toFixed(1);
    console.log(
      `${page}: CPU per answer, gzip / identity: Showcase ${answerMicros('showcase', 'gzip')} / ${answerMicros('showcase', 'identity')} µs (identity +${extraMicros('showcase')} µs), nginx ${answerMicros('nginx', 'gzip')} / ${answerMicros('nginx', 'identity')} µs (+${extraMicros('nginx')} µs)`,
    );
    console.log(
      `${page}: Showcase identity at ${mid(perRound(runs, 'identity'))}× of gzip ${verdict(Number(mid(perRound(runs, 'identity'))), IDENTITY_TARGET)} (per CPU-s ${mid(perRound(cpu, 'identity'))}× ${verdict(Number(mid(perRound(cpu, 'identity'))), IDENTITY_TARGET)}; target ≥ ${IDENTITY_TARGET}×), brotli at ${mid(perRound(runs, 'br'))}× (per CPU-s ${mid(perRound(cpu, 'br'))}×); nginx identity at ${mid(perRound(nginxRuns, 'identity'))}× of its gzip (per CPU-s ${mid(perRound(nginxCpu, 'identity'))}×); medians of per-round ratios`,
    );
  }
}
