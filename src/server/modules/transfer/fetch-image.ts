import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkHost, isPublicAddress, pinnedLookup } from '../../http/public-address';
import { sniffType, type SniffedType } from '../media/sniff-type';

/** Whether an IP address is on the public internet: the import never fetches from another (one list for the site, http/public-address.ts). */
export { isPublicAddress };

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
    const { addresses, refused } = await checkHost(url.hostname, permit);
    if (addresses.length === 0) throw new FetchRefused(`${url.href}: the host is not found`);
    if (refused) throw new FetchRefused(`${url.href}: ${refused} is not a public address`);
    const answer = await get(url, pinnedLookup(addresses), options);
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

function get(url: URL, lookup: LookupFunction, options: FetchOptions): Promise<{ bytes: Buffer; location?: string }> {
  return new Promise((resolve, reject) => {
    const request = https.get(
      url,
      {
        ...(options.ca ? { ca: options.ca } : {}),
        timeout: options.timeoutMs ?? 15_000,
        // Connect to the addresses that were checked, whatever a second lookup would say.
        lookup,
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
