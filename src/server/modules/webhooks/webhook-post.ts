import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { checkHost, pinnedLookup, type CheckedHost } from '../../http/public-address';
import { PRIVATE_REFUSED, webhookPermit } from './url-guard';

export const REQUEST_TIMEOUT_MS = 10_000;
/** At most this much of a response is read; the rest is dropped with the connection. */
export const RESPONSE_CAP_BYTES = 64 * 1024;
/** What the delivery log keeps of a response. */
const EXCERPT_CHARS = 500;

export type PostResult = { status: number | null; ms: number; excerpt: string | null; error: string | null };

/**
 * One POST to a receiver: its host is resolved again at send time (a DNS
 * answer may have changed since the save), every address checked, and the
 * socket connects to a checked one (http/public-address.ts); redirects are
 * not followed (a 3xx is an answer like any other), a 10 s limit on the
 * whole exchange, name resolution included, and 64 KB read at most.
 */
export async function postWebhook(target: string, headers: Record<string, string>, body: string, allowPrivate: boolean): Promise<PostResult> {
  const started = performance.now();
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { status: null, ms: 0, excerpt: null, error: 'The URL is not valid' };
  }
  const exchange = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Omit<PostResult, 'ms'>>((resolve) => {
    timer = setTimeout(() => resolve({ status: null, excerpt: null, error: `No answer within ${REQUEST_TIMEOUT_MS / 1000} s` }), REQUEST_TIMEOUT_MS);
  });
  const exchanged = checkHost(url.hostname, webhookPermit(allowPrivate)).then((checked) => {
    const problem = hostProblem(url.hostname, checked);
    return problem ? { status: null, excerpt: null, error: problem } : post(url, checked, headers, body, exchange.signal);
  });
  const result = await Promise.race([exchanged, timeout]);
  clearTimeout(timer);
  exchange.abort();
  return { ...result, ms: Math.round(performance.now() - started) };
}

function hostProblem(hostname: string, checked: CheckedHost): string | null {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (checked.addresses.length === 0) return `${host} does not resolve`;
  if (checked.refused === undefined) return null;
  return net.isIP(host) ? `${host} ${PRIVATE_REFUSED}` : `${host} resolves to ${checked.refused}, which ${PRIVATE_REFUSED}`;
}

/** The POST itself, to the checked addresses; settles once with the answer's status and first bytes, or the error. */
function post(url: URL, checked: CheckedHost, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<Omit<PostResult, 'ms'>> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(checked.addresses),
        agent: false,
        signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => resolve({ status: response.statusCode ?? null, excerpt: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS), error: null });
        response.on('data', (chunk: Buffer) => {
          const room = RESPONSE_CAP_BYTES - size;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size += chunk.length;
          // Enough read: the rest is dropped with the connection (aborted by the caller).
          if (size >= RESPONSE_CAP_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    request.on('error', (error) => resolve({ status: null, excerpt: null, error: error.message }));
    request.end(body);
  });
}
