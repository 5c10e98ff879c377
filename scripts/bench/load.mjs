// A small HTTP load generator (keep-alive, fixed concurrency, time-bounded):
// the same client measures Showcase and nginx, so their ratio is fair.
import http from 'node:http';

/**
 * `next()` gives the path of each request (so each may differ); answers req/s, p50/p99 ms and failures.
 * `acceptEncoding`: what the client takes (gzip, as browsers do); null sends no Accept-Encoding.
 * `extraHeaders`: sent with every request (e.g. a browser's User-Agent, so the site counts the views).
 */
export async function load({ port, next, seconds = 3, concurrency = 32, maxRequests = Infinity, acceptEncoding = 'gzip', extraHeaders = {} }) {
  const headers = { ...(acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding }), ...extraHeaders };
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let failures = 0;
  let sent = 0;
  const deadline = performance.now() + seconds * 1000;
  const one = (path) =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const request = http.get({ host: '127.0.0.1', port, path, agent, headers }, (response) => {
        response.on('data', () => {});
        response.on('end', () => {
          if (response.statusCode >= 400) failures += 1;
          latencies.push(performance.now() - t0);
          resolve();
        });
      });
      request.on('error', () => {
        failures += 1;
        resolve();
      });
    });
  const worker = async () => {
    while (performance.now() < deadline && sent < maxRequests) {
      sent += 1;
      await one(next());
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : NaN);
  return { rps: Math.round(latencies.length / elapsed), p50: pct(50), p99: pct(99), count: latencies.length, failures };
}

export async function getText(port, path, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}
