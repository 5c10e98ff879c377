import http from 'node:http';
import https from 'node:https';
import { guardedLookup, literalRefused, PRIVATE_REFUSED } from './url-guard';

export const REQUEST_TIMEOUT_MS = 10_000;
/** At most this much of a response is read; the rest is dropped with the connection. */
export const RESPONSE_CAP_BYTES = 64 * 1024;
/** What the delivery log keeps of a response. */
const EXCERPT_CHARS = 500;

export type PostResult = { status: number | null; ms: number; excerpt: string | null; error: string | null };

/**
 * One POST to a receiver: connected to the address checked at connect time
 * (url-guard.ts), redirects not followed (a 3xx is an answer like any other),
 * a 10 s limit on the whole exchange and 64 KB read at most.
 */
export async function postWebhook(target: string, headers: Record<string, string>, body: string, allowPrivate: boolean): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { status: null, ms: 0, excerpt: null, error: 'The URL is not valid' };
  }
  if (literalRefused(url, allowPrivate)) return { status: null, ms: 0, excerpt: null, error: `${url.hostname} ${PRIVATE_REFUSED}` };
  const client = url.protocol === 'https:' ? https : http;
  const exchange = new AbortController();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<PostResult, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      exchange.abort();
      resolve({ ...result, ms: elapsed() });
    };
    const timer = setTimeout(() => finish({ status: null, excerpt: null, error: `No answer within ${REQUEST_TIMEOUT_MS / 1000} s` }), REQUEST_TIMEOUT_MS);
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(allowPrivate),
        agent: false,
        signal: exchange.signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          finish({ status: response.statusCode ?? null, excerpt: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS), error: null });
        response.on('data', (chunk: Buffer) => {
          const room = RESPONSE_CAP_BYTES - size;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size += chunk.length;
          if (size >= RESPONSE_CAP_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    request.on('error', (error) => finish({ status: null, excerpt: null, error: error.message }));
    request.end(body);
  });
}
