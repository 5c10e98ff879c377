import { lookup } from 'node:dns/promises';
import https from 'node:https';
import { BlockList, isIP, isIPv4 } from 'node:net';
import { sniffType, type SniffedType } from '../media/sniff-type';

/** Addresses that are not the public internet: the import never fetches from them (a URL must not reach the site's own network). */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is on the public internet (an IPv4 address written as IPv6 is judged as IPv4). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  if (isIPv4(address)) return !NOT_PUBLIC.check(address, 'ipv4');
  if (isIP(address) === 6) return !NOT_PUBLIC.check(address, 'ipv6');
  return false;
}

export class FetchRefused extends Error {}

export type FetchOptions = {
  maxBytes: number;
  maxRedirects?: number;
  timeoutMs?: number;
  /** Which addresses may be connected to: public ones (a test names its own server here). */
  permit?: (address: string) => boolean;
  /** Trusted certificates beside the system's (a test's own server). */
  ca?: string | Buffer;
};

type Fetched = { bytes: Buffer; type: SniffedType; url: string };

/**
 * Fetches an image for `import --fetch-images` (command line only, decision
 * 069): https only; the host's every address must be public, and the
 * connection goes to the address that was checked (no second lookup a DNS
 * answer could change); each redirect is checked again the same way; the body
 * stops at `maxBytes`; the bytes must be an image. Throws FetchRefused.
 */
export async function fetchImage(address: string, options: FetchOptions): Promise<Fetched> {
  const permit = options.permit ?? isPublicAddress;
  let url = new URL(address);
  for (let hop = 0; hop <= (options.maxRedirects ?? 5); hop++) {
    if (url.protocol !== 'https:') throw new FetchRefused(`${url.href}: only https addresses are fetched`);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const found = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true }).catch(() => []);
    if (found.length === 0) throw new FetchRefused(`${url.href}: the host is not found`);
    const refused = found.find((entry) => !permit(entry.address));
    if (refused) throw new FetchRefused(`${url.href}: ${refused.address} is not a public address`);
    const answer = await get(url, found[0]!, options);
    if (answer.location !== undefined) {
      url = new URL(answer.location, url);
      continue;
    }
    const type = sniffType(answer.bytes);
    if (!type || type.kind !== 'image') throw new FetchRefused(`${url.href}: not an image`);
    return { bytes: answer.bytes, type, url: url.href };
  }
  throw new FetchRefused(`${address}: too many redirects`);
}

function get(url: URL, pinned: { address: string; family: number }, options: FetchOptions): Promise<{ bytes: Buffer; location?: string }> {
  return new Promise((resolve, reject) => {
    const request = https.get(
      url,
      {
        ...(options.ca ? { ca: options.ca } : {}),
        timeout: options.timeoutMs ?? 15_000,
        // Connect to the address that was checked, whatever a second lookup would say.
        lookup: (_host, lookupOptions, callback) => {
          const done = callback as (...args: unknown[]) => void;
          if ((lookupOptions as { all?: boolean }).all) done(null, [pinned]);
          else done(null, pinned.address, pinned.family);
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ bytes: Buffer.alloc(0), location: response.headers.location });
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(new FetchRefused(`${url.href}: answered ${status}`));
          return;
        }
        if (Number(response.headers['content-length'] ?? 0) > options.maxBytes) {
          response.destroy();
          reject(new FetchRefused(`${url.href}: larger than ${options.maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(new FetchRefused(`${url.href}: larger than ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ bytes: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new FetchRefused(`${url.href}: no answer in time`)));
    request.on('error', reject);
  });
}
