// wrk (when installed, or `WRK=/path/to/wrk`) as the load generator of the side-by-side comparison:
// a Node client tops out below what nginx can serve, which makes any server look close to it.
import { execFile } from 'node:child_process';
import fs from 'node:fs';

const WRK = [process.env.WRK, '/usr/bin/wrk', '/usr/local/bin/wrk'].find((file) => file && fs.existsSync(file));

export const wrkAvailable = () => Boolean(WRK);

const toMs = (value, unit) => Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? NaN);

/** Same shape as load(): req/s, p50/p99 ms, count, failures (non-2xx/3xx and socket errors). */
export function wrkLoad({ port, path, seconds = 3, connections = 50, threads = 2, headers = {} }) {
  const headerArgs = Object.entries(headers).flatMap(([key, value]) => ['-H', `${key}: ${value}`]);
  return new Promise((resolve, reject) => {
    execFile(WRK, [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--latency', ...headerArgs, `http://127.0.0.1:${port}${path}`], (error, stdout) => {
      if (error) return reject(error);
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
      const latency = (pct) => {
        const match = new RegExp(`\\s${pct}%\\s+([\\d.]+)(us|ms|s)`).exec(stdout);
        return match ? toMs(match[1], match[2]) : NaN;
      };
      const count = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0);
      const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
      const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
      const failures = non2xx + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
      resolve({ rps: Math.round(rps), p50: latency(50), p99: latency(99), count, failures });
    });
  });
}


export const wrkPath = () => WRK;
