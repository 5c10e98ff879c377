// Issue 25: each cached page in each coding, Showcase beside nginx serving the same bytes with the same
// headers, measured by the same load generator in the same run (wrk when there is one), taking turns.
import { getText, load } from './load.mjs';
import { startNginx } from './nginx.mjs';
import { wrkAvailable, wrkLoad } from './wrk.mjs';

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
export async function compareWithNginx({ port, pages, workers, seconds, connections, threads }) {
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
  const run = (target, path, coding) => {
    const header = CODINGS[coding] ? { 'accept-encoding': CODINGS[coding] } : {};
    return useWrk
      ? wrkLoad({ port: target, path, seconds, connections, threads, headers: header })
      : load({ port: target, next: () => path, seconds, concurrency: connections, acceptEncoding: CODINGS[coding] ?? null });
  };
  const rows = [];
  try {
    for (const [name, url] of Object.entries(pages)) {
      for (const coding of Object.keys(CODINGS)) {
        // A short warm-up of each, then the two take turns.
        await run(port, url, coding).then(() => run(nginx.port, `/${name}`, coding), () => undefined);
        const showcase = await run(port, url, coding);
        const reference = await run(nginx.port, `/${name}`, coding);
        rows.push({ page: name, coding, bytes: fetched[name][coding].length, showcase, nginx: reference, ratio: showcase.rps / reference.rps });
      }
    }
  } finally {
    await nginx.stop();
  }
  return { tool: useWrk ? `wrk -t${threads} -c${connections}` : `node load generator, ${connections} connections`, brotli: nginx.brotli, rows };
}

const fmt = (ms) => (Number.isFinite(ms) ? ms.toFixed(1) : '-');

export function printComparison(result) {
  if (!result) return console.log('nginx: not installed (or NGINX_BIN=/path not set), comparison skipped');
  console.log(`\ncached pages vs nginx serving the same bytes with the same headers (${result.tool}; nginx brotli: ${result.brotli})`);
  console.log('page      coding    body KB   showcase req/s  p99 ms   nginx req/s  p99 ms   ratio');
  for (const row of result.rows) {
    console.log(
      `${row.page.padEnd(9)} ${row.coding.padEnd(8)} ${(row.bytes / 1024).toFixed(1).padStart(8)}   ${String(row.showcase.rps).padStart(14)}  ${fmt(row.showcase.p99).padStart(6)}   ${String(row.nginx.rps).padStart(11)}  ${fmt(row.nginx.p99).padStart(6)}   ${row.ratio.toFixed(2)}×${row.showcase.failures || row.nginx.failures ? ` (failures ${row.showcase.failures}/${row.nginx.failures})` : ''}`,
    );
  }
  for (const page of new Set(result.rows.map((row) => row.page))) {
    const by = Object.fromEntries(result.rows.filter((row) => row.page === page).map((row) => [row.coding, row.showcase.rps]));
    console.log(`${page}: identity at ${(by.identity / by.gzip).toFixed(2)}× of gzip, brotli at ${(by.br / by.gzip).toFixed(2)}× of gzip (Showcase)`);
  }
}
